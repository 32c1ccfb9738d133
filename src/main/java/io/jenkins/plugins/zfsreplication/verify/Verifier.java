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
import java.util.Set;
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
     * Binds the native libraries a verification uses now: libc and the xxHash library, both through
     * jffi, some 30 ms in a fresh JVM (most of it jffi unpacking its JNI stub). The command line
     * calls this on a thread of its own at start, so that the binding runs on the second core while
     * picocli parses the arguments on the first. Thread-safe, idempotent
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

    /**
     * Hashes {@code input} into the manifest file {@code manifest} (written under a temporary name, renamed at the end).
     * Interrupted while hashing, it writes no manifest and returns what was hashed so far, with
     * {@link VerifyResult#cancelled()} saying why (the same for every method here).
     */
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
        return verifySnapshot(snapshot, null, null, mounter, manifest, out);
    }

    /**
     * Like {@link #verifySnapshot(String, SnapshotMounter, Path, Writer)}, but when {@code since}
     * names an earlier snapshot of the same file system and its manifest, reads again only the
     * files {@code changes} lists and takes every other file's lines from that manifest: the same
     * manifest a full verify writes, for a fraction of the reading. Where the changes cannot be
     * followed (no zfs diff, a volume, other chunking, a changed hard link), it reads everything
     * and the result says why. {@code since} null: a full verify.
     */
    public VerifyResult verifySnapshot(String snapshot, Since since, SnapshotChanges changes, SnapshotMounter mounter,
                                       Path manifest, Writer out) {
        if (since != null) {
            // bad input is found before anything is cloned or read
            readHeader(since.manifest());
        }
        try (SnapshotMounter m = mounter) {
            Path root = m.mount(snapshot);
            String host = Provenance.currentHost();
            String guid = m.guid(snapshot);
            Provenance provenance = guid == null ? null : new Provenance(guid, host);
            Function<ManifestHeader, ManifestWriter> output = header -> manifest != null
                    ? ManifestWriter.toFile(manifest, header, provenance) : ManifestWriter.toWriter(out, header, provenance);
            return run(root, snapshot, output, since == null ? null
                    : new Request(since, changes, snapshot, earlierRefusal(m, since, host)));
        }
    }

    /**
     * Why the earlier manifest cannot stand for the earlier snapshot here (another snapshot under its
     * name, another host's), or null. A snapshot whose GUID cannot be read here is left to the
     * changes, which say why they cannot be listed.
     */
    private static String earlierRefusal(SnapshotMounter mounter, Since since, String host) {
        String guid;
        try {
            guid = mounter.guid(since.snapshot());
        } catch (VerifyException e) {
            return null;
        }
        if (guid == null) {
            return null;
        }
        try (ManifestReader reader = ManifestReader.open(since.manifest(), null)) {
            return Provenance.mismatch(reader.provenance(), since.snapshot(), guid, host);
        }
    }

    /**
     * An incremental verify asked for: the earlier snapshot and manifest, where to list changes, and
     * why the earlier manifest cannot be built on (null when it can).
     */
    private record Request(Since since, SnapshotChanges changes, String snapshot, String refusal) {
    }

    private VerifyResult run(Path given, String name, Function<ManifestHeader, ManifestWriter> output) {
        return run(given, name, output, null);
    }

    private VerifyResult run(Path given, String name, Function<ManifestHeader, ManifestWriter> output, Request request) {
        List<String> log = new ArrayList<>();
        VerifyResult.Hashing hashing = new VerifyResult.Hashing(options,
                ChunkDigest.implementation(options.hash(), xxhash));
        if (hashing.implementation() == HashImplementation.JAVA && !options.hash().streaming()) {
            // the same values, but a host that means to have the library should see that it did not load
            log.add(String.format(java.util.Locale.ROOT, "%s hashed by Java (the same values, slower): %s"
                    + " (0.8.0 or later) did not load; Debian: apt-get install libxxhash0", options.hash().id(),
                    NativeXxHash.LIBRARY));
        }
        Path input = resolveRoot(given, log);
        boolean tree = kindOf(input);
        ManifestHeader header = new ManifestHeader(ManifestHeader.FORMAT, ToolVersion.current(), options.hash(),
                options.blockSize(), options.count(), tree ? ManifestHeader.Layout.TREE : ManifestHeader.Layout.FILE, true);
        String fullBecause = null;
        TreeChanges changes = null;
        ChangedChunks changedChunks = null;
        if (request != null) {
            fullBecause = incompatible(readHeader(request.since().manifest()), header);
            fullBecause = fullBecause == null ? request.refusal() : fullBecause;
            if (fullBecause == null) {
                try {
                    if (tree) {
                        changes = request.changes().between(request.since().snapshot(), request.snapshot());
                    } else {
                        changedChunks = request.changes().chunks(request.since().snapshot(), request.snapshot(),
                                Set.of(SnapshotChanges.VOLUME_DATA), options.chunkSize()).get(SnapshotChanges.VOLUME_DATA);
                    }
                } catch (SnapshotChanges.Unavailable e) {
                    fullBecause = e.getMessage();
                }
            }
        }
        Posix posix = Posix.get();
        FileStatsCollector stats = new FileStatsCollector();
        // a note per file (a file system that cannot map holes says so for each large file) is kept
        // for the first files only, as their statistics are: the log must not grow with the tree
        long[] notes = new long[1];
        Consumer<String> fileNotes = note -> {
            if (notes[0]++ < FileStatsCollector.LISTED) {
                log.add(note);
            }
        };
        List<VerifyResult.Skipped> skipped = List.of();
        long skippedCount = 0;
        IncrementalTree.Reused reused = null;
        ThroughputRecorder recorder = new ThroughputRecorder(sampleMillis, progress);
        try (recorder; NativeDirectory root = tree ? openRoot(posix, input) : null;
             TreeOpener.PerThread openers = tree ? new TreeOpener.PerThread(root) : null;
             HashingSession session = new HashingSession(options, posix, xxhash, recorder, fileNotes);
             ManifestWriter writer = output.apply(header)) {
            IncrementalTree incremental = changes == null ? null : new IncrementalTree(request.since().manifest(),
                    changes, openers, objects -> request.changes().chunks(request.since().snapshot(), request.snapshot(),
                            objects, options.chunkSize()), options.chunkSize(), log::add);
            if (incremental != null) {
                fullBecause = incremental.unsupported();
            }
            if (fullBecause != null) {
                log.add("reading everything, not only what changed since " + request.since().snapshot() + ": "
                        + fullBecause);
            }
            if (incremental != null && fullBecause == null) {
                reused = incremental.run(session, writer, stats::add);
            } else if (tree) {
                try (TreeWalk walk = new TreeWalk(root)) {
                    new TreeHashing(session, openers).run(walk::next, writer, stats);
                    skipped = walk.skipped();
                    skippedCount = walk.skippedCount();
                }
            } else {
                try (NativeFile file = posix.openReadOnly(input)) {
                    if (changedChunks != null) {
                        ChangedChunks volume = changedChunks;
                        Path earlier = request.since().manifest();
                        PartialRead[] made = new PartialRead[1];
                        FileStats read = hashOpen(session, writer, file, "", (size, sink) -> made[0] = PartialRead.volume(
                                earlier, volume, size, options.chunkSize(), sink));
                        stats.add(read);
                        long checked = made[0].checked();
                        log.add(String.format(java.util.Locale.ROOT, "since %s: read %d of %d chunks: %d changed or"
                                + " past the earlier size, %d as a check of the earlier manifest",
                                request.since().snapshot(), read.chunks() - read.reusedChunks(), read.chunks(),
                                read.chunks() - read.reusedChunks() - checked, checked));
                    } else {
                        stats.add(hashOpen(session, writer, file, ""));
                    }
                } catch (PosixException e) {
                    throw new VerifyException(e, "%s", e.getMessage());
                }
            }
            if (notes[0] > FileStatsCollector.LISTED) {
                log.add(String.format(java.util.Locale.ROOT, "%d more notes like the above on other files left out",
                        notes[0] - FileStatsCollector.LISTED));
            }
            FileTotals totals = stats.totals();
            long files = totals.files() + (reused == null ? 0 : reused.files());
            long chunks = totals.chunks() + (reused == null ? 0 : reused.chunks());
            writer.finish(files, chunks);
            writer.commit();
            List<ThroughputRecorder.Sample> samples = recorder.finish();
            VerifyResult.Incremental summary = request == null ? null : reused != null
                    ? new VerifyResult.Incremental(request.since().snapshot(), reused.files(), reused.bytes(),
                            reused.chunks(), null)
                    : new VerifyResult.Incremental(request.since().snapshot(), 0, 0, 0, fullBecause);
            return new VerifyResult(name, header, hashing,
                    new VerifyResult.Read(totals, stats.listed(), skipped, skippedCount),
                    new VerifyResult.Timing(samples, recorder.elapsedSeconds()), log, summary, null);
        } catch (VerifyCancelledException cancel) {
            // closed by now: the hashing threads ended, the manifest's temporary file removed (no manifest);
            // what the files hashed before the cancel add up to goes into the report
            return new VerifyResult(name, header, hashing, new VerifyResult.Read(stats.totals(), stats.listed(),
                    List.of(), 0), new VerifyResult.Timing(recorder.finish(), recorder.elapsedSeconds()), log, null,
                    cancel.getMessage());
        }
    }

    private static ManifestHeader readHeader(Path manifest) {
        try (ManifestReader reader = ManifestReader.open(manifest, null)) {
            return reader.header();
        }
    }

    /** Why an earlier manifest cannot be built on for this run, or null when it can. */
    private static String incompatible(ManifestHeader earlier, ManifestHeader now) {
        String kind = now.layout() == ManifestHeader.Layout.TREE ? "a tree" : "a volume";
        if (!earlier.sized() || earlier.layout() != now.layout()) {
            return "the earlier manifest is not " + kind + " manifest written by this tool";
        }
        if (earlier.hash() != now.hash() || earlier.blockSize() != now.blockSize() || earlier.count() != now.count()) {
            return String.format(java.util.Locale.ROOT, "the earlier manifest has %s hashes of %d x %d bytes, this run"
                    + " makes %s hashes of %d x %d bytes", earlier.hash().id(), earlier.blockSize(), earlier.count(),
                    now.hash().id(), now.blockSize(), now.count());
        }
        return null;
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
        return hashOpen(session, writer, file, path, null);
    }

    /**
     * Like {@link #hashOpen(HashingSession, ManifestWriter, NativeFile, String)}; with
     * {@code earlier}, made for the file's size, the chunks an earlier manifest holds are taken
     * from it (and the chunks go to the writer through it).
     */
    static FileStats hashOpen(HashingSession session, ManifestWriter writer, NativeFile file, String path,
                              PartialRead.Factory earlier) {
        FileStatus before = file.openedStatus();
        boolean device = before.isBlockDevice();
        long size = device ? file.size() : before.size();
        writer.file(path, size);
        FileStats stats;
        if (earlier == null) {
            stats = session.hash(file, path, size, (index, hash) -> writer.chunk(path, index, hash));
        } else {
            try (PartialRead partial = earlier.make(size, (index, hash) -> writer.chunk(path, index, hash))) {
                stats = session.hash(file, path, size, partial, partial);
            }
        }
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
