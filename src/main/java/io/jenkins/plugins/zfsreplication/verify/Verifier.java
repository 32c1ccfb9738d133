package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.Posix;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The verification entry point: hashes a file, a block device, a directory tree or a snapshot
 * into a manifest. Returns the run's statistics and log; prints nothing.
 */
public final class Verifier {
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

    private final VerifyOptions options;
    private final long sampleMillis;
    private final Consumer<ThroughputRecorder.Sample> progress;

    /**
     * @param sampleMillis throughput sampling interval
     * @param progress sees every sample (e.g. to draw a progress line); may be null
     */
    public Verifier(VerifyOptions options, long sampleMillis, Consumer<ThroughputRecorder.Sample> progress) {
        if (sampleMillis <= 0) {
            throw new VerifyException("Sampling interval must be positive, got %d ms", sampleMillis);
        }
        this.options = options;
        this.sampleMillis = sampleMillis;
        this.progress = progress;
    }

    /** Hashes {@code input} into the manifest file {@code manifest} (written under a temporary name, renamed at the end). */
    public VerifyResult verify(Path input, Path manifest) {
        return run(input, input.toString(), header -> ManifestWriter.toFile(manifest, header));
    }

    /** Hashes {@code input} and writes the manifest to {@code out}. */
    public VerifyResult verify(Path input, Writer out) {
        return run(input, input.toString(), header -> ManifestWriter.toWriter(out, header));
    }

    /**
     * Hashes a snapshot made readable by {@code mounter}, which is closed (clone destroyed)
     * afterwards; the manifest goes to {@code manifest}, or to {@code out} when that is null.
     */
    public VerifyResult verifySnapshot(String snapshot, SnapshotMounter mounter, Path manifest, Writer out) {
        try (SnapshotMounter m = mounter) {
            Path root = m.mount(snapshot);
            return run(root, snapshot, header -> manifest != null ? ManifestWriter.toFile(manifest, header)
                    : ManifestWriter.toWriter(out, header));
        }
    }

    private VerifyResult run(Path input, String name, Function<ManifestHeader, ManifestWriter> output) {
        boolean tree = kindOf(input);
        ManifestHeader header = new ManifestHeader(ManifestHeader.FORMAT, ToolVersion.current(), options.hash(),
                options.blockSize(), options.count(), tree ? ManifestHeader.Layout.TREE : ManifestHeader.Layout.FILE, true);
        TreeScanner scan = tree ? TreeScanner.scan(input) : null;
        List<String> log = new ArrayList<>();
        List<FileStats> stats = new ArrayList<>();
        try (ThroughputRecorder recorder = new ThroughputRecorder(sampleMillis, progress);
             HashingSession session = new HashingSession(options, Posix.get(), recorder, log::add);
             ManifestWriter writer = output.apply(header)) {
            if (tree) {
                for (String path : scan.files()) {
                    stats.add(hashOne(session, writer, input.resolve(path), path));
                }
            } else {
                stats.add(hashOne(session, writer, input, ""));
            }
            writer.finish(stats.size(), stats.stream().mapToLong(FileStats::chunks).sum());
            writer.commit();
            List<ThroughputRecorder.Sample> samples = recorder.finish();
            return new VerifyResult(name, header, options, stats, tree ? scan.skipped() : List.of(), samples,
                    recorder.elapsedSeconds(), log);
        }
    }

    private static FileStats hashOne(HashingSession session, ManifestWriter writer, Path file, String path) {
        try (NativeFile open = Posix.get().openReadOnly(file)) {
            long size = open.size();
            writer.file(path, size);
            FileStats stats = session.hash(open, path, (index, hash) -> writer.chunk(path, index, hash));
            if (stats.size() != size) {
                throw new VerifyException("%s changed size while being read (%d, then %d bytes): verify a snapshot"
                        + " or a file nobody writes to", file, size, stats.size());
            }
            return stats;
        } catch (PosixException e) {
            throw new VerifyException(e, "%s", e.getMessage());
        }
    }

    /** True for a directory; false for a regular file or block device; an error for anything else. */
    private static boolean kindOf(Path input) {
        if (!Files.exists(input)) {
            throw new VerifyException("%s does not exist: give a file, a directory, a block device or a snapshot"
                    + " (pool/dataset@name)", input);
        }
        if (Files.isDirectory(input)) {
            return true;
        }
        if (Files.isRegularFile(input)) {
            return false;
        }
        try {
            int mode = (Integer) Files.getAttribute(input, "unix:mode");
            if ((mode & S_IFMT) == S_IFBLK) {
                return false;
            }
        } catch (IOException | UnsupportedOperationException e) {
            throw new VerifyException(e, "Cannot tell what %s is: %s", input, e.getMessage());
        }
        throw new VerifyException("%s is neither a file, a directory nor a block device: nothing to verify", input);
    }
}
