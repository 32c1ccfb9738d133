package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.FileStatus;
import io.jenkins.plugins.zfsreplication.posix.NativeDirectory;
import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.Posix;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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
    /** The native xxHash library, or null: the Java implementations hash. */
    private final NativeXxHash xxhash;

    /**
     * @param sampleMillis throughput sampling interval
     * @param progress sees every sample (e.g. to draw a progress line); may be null
     */
    public Verifier(VerifyOptions options, long sampleMillis, Consumer<ThroughputRecorder.Sample> progress) {
        this(options, sampleMillis, progress, NativeXxHash.loaded().orElse(null));
    }

    /** As above, hashing xxh with {@code xxhash}, or with the Java implementations when it is null. */
    Verifier(VerifyOptions options, long sampleMillis, Consumer<ThroughputRecorder.Sample> progress,
             NativeXxHash xxhash) {
        if (sampleMillis <= 0) {
            throw new VerifyException("Sampling interval must be positive, got %d ms", sampleMillis);
        }
        this.options = options;
        this.sampleMillis = sampleMillis;
        this.progress = progress;
        this.xxhash = xxhash;
    }

    /**
     * Binds the native libraries a verification uses now: libc through jnr-ffi (which generates its
     * call stubs at run time) and the xxHash library, about a fifth of a second of CPU in a fresh
     * JVM. The command line calls this on a thread of its own at start, so that the binding runs on
     * the second core while picocli parses the arguments on the first. Thread-safe, idempotent
     * (each library is bound once per process), never fails: a failure surfaces where a
     * verification uses the library.
     *
     * @return true when the xxHash library loaded (xxh hashes are native), false when the Java
     *     implementations hash
     */
    public static boolean loadNativeLibraries() {
        try {
            Posix.get();
        } catch (PosixException e) {
            // reported by the verification that needs it, on the caller's thread
        }
        return NativeXxHash.loaded().isPresent();
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

    private VerifyResult run(Path given, String name, Function<ManifestHeader, ManifestWriter> output) {
        List<String> log = new ArrayList<>();
        Path input = resolveRoot(given, log);
        boolean tree = kindOf(input);
        ManifestHeader header = new ManifestHeader(ManifestHeader.FORMAT, ToolVersion.current(), options.hash(),
                options.blockSize(), options.count(), tree ? ManifestHeader.Layout.TREE : ManifestHeader.Layout.FILE, true);
        Posix posix = Posix.get();
        List<FileStats> stats;
        try (NativeDirectory root = tree ? openRoot(posix, input) : null;
             TreeWalk walk = tree ? new TreeWalk(root) : null;
             ThroughputRecorder recorder = new ThroughputRecorder(sampleMillis, progress);
             TreeOpener.PerThread openers = tree ? new TreeOpener.PerThread(root) : null;
             HashingSession session = new HashingSession(options, posix, xxhash, recorder, log::add);
             ManifestWriter writer = output.apply(header)) {
            if (tree) {
                stats = new TreeHashing(session, openers).run(walk, writer);
            } else {
                try (NativeFile file = posix.openReadOnly(input)) {
                    stats = List.of(hashOpen(session, writer, file, ""));
                } catch (PosixException e) {
                    throw new VerifyException(e, "%s", e.getMessage());
                }
            }
            writer.finish(stats.size(), stats.stream().mapToLong(FileStats::chunks).sum());
            writer.commit();
            List<ThroughputRecorder.Sample> samples = recorder.finish();
            return new VerifyResult(name, header, options, stats, tree ? walk.skipped() : List.of(), samples,
                    recorder.elapsedSeconds(), log);
        }
    }

    private static NativeDirectory openRoot(Posix posix, Path root) {
        try {
            return posix.openDirectory(root);
        } catch (PosixException e) {
            throw new VerifyException(e, "%s", e.getMessage());
        }
    }

    /**
     * A root that is a symbolic link is followed, that one link only, and the log says so: block
     * devices are commonly named by links ({@code /dev/zvol/pool/volume}, {@code /dev/disk/by-id/...})
     * and refusing them would push users to resolve them by hand; what a link inside a tree points
     * to is never read. The target is resolved once, here, and everything below it is opened
     * relative to it, so repointing the link during the run changes nothing.
     */
    private static Path resolveRoot(Path input, List<String> log) {
        if (!Files.isSymbolicLink(input)) {
            return input;
        }
        try {
            Path target = input.toRealPath();
            log.add(input + " is a symbolic link: verified its target " + target + " (only the root is followed)");
            return target;
        } catch (IOException e) {
            throw new VerifyException(e, "%s is a symbolic link whose target cannot be resolved: %s", input, e.getMessage());
        }
    }

    /**
     * Hashes an open file (a tree's file, a single file or a block device) into {@code writer}; the
     * file's fstat before and after must agree (size, and modification time unless it is a device),
     * so a file written while it was read fails the run instead of passing with its old size.
     */
    static FileStats hashOpen(HashingSession session, ManifestWriter writer, NativeFile file, String path) {
        FileStatus before = file.openedStatus();
        boolean device = before.isBlockDevice();
        long size = device ? file.size() : before.size();
        writer.file(path, size);
        FileStats stats = session.hash(file, path, size, (index, hash) -> writer.chunk(path, index, hash));
        FileStatus after = file.status();
        long sizeAfter = device ? file.size() : after.size();
        if (sizeAfter != size) {
            throw HashingSession.changedSize(file, path, size, sizeAfter);
        }
        if (!device && !before.sameContentAs(after)) {
            throw new VerifyException("%s was written while being read (same size, new modification time): verify"
                    + " a snapshot or a file nobody writes to", path.isEmpty() ? file.path() : path);
        }
        return stats;
    }

    /** True for a directory; false for a regular file or block device; an error for anything else. */
    private static boolean kindOf(Path input) {
        if (!Files.exists(input, LinkOption.NOFOLLOW_LINKS)) {
            throw new VerifyException("%s does not exist: give a file, a directory, a block device or a snapshot"
                    + " (pool/dataset@name)", input);
        }
        if (Files.isDirectory(input, LinkOption.NOFOLLOW_LINKS)) {
            return true;
        }
        if (Files.isRegularFile(input, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try {
            int mode = (Integer) Files.getAttribute(input, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            if ((mode & S_IFMT) == S_IFBLK) {
                return false;
            }
        } catch (IOException | UnsupportedOperationException e) {
            throw new VerifyException(e, "Cannot tell what %s is: %s", input, e.getMessage());
        }
        throw new VerifyException("%s is neither a file, a directory nor a block device: nothing to verify", input);
    }
}
