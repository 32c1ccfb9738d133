package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.NativeDirectory;
import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.Posix;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Checks a copy (a received snapshot, made readable as a directory or device) against the
 * manifest the source wrote of the same snapshot, chunk by chunk, without writing a manifest of
 * its own: only the chunks of the given ranges are read, hashed and compared. A range is a span of
 * chunk ordinals: the position of a chunk line in the source's manifest, counted from 0 over
 * every file in manifest order. Each range may be cut short at a number of bytes (a budget: the
 * logical bytes of the chunks checked, holes included) and the whole check at a deadline.
 *
 * <p>What it cannot read it says, chunk by chunk, and goes on: a read that fails (EIO, a checksum
 * error ZFS has no good copy to repair from) is an {@link State#UNREADABLE} chunk, never an end of
 * the check and never a match. A file missing on the copy, or of another size, makes its chunks
 * {@link State#MISMATCH}. With {@code listing}, the copy's tree is also walked and every file only
 * one side has is named.
 */
public final class CopyCheck {
    /** Findings listed in a result; all of them are counted. */
    public static final int LISTED = 1000;
    /** What a chunk not to be read is "taken over" as: never compared, never written anywhere. */
    private static final String SKIPPED = "-";

    private final int threads;

    /** @param threads hashing threads; the hash and chunk size are the manifest's */
    public CopyCheck(int threads) {
        this.threads = threads;
    }

    /** A span of chunk ordinals to check, at most {@code maxBytes} of it (logical bytes, from its start). */
    public record Range(long from, long to, long maxBytes) {
        public Range {
            if (from < 0 || to < from || maxBytes < 0) {
                throw new IllegalArgumentException("range " + from + ".." + to + " (" + maxBytes + " bytes)");
            }
        }
    }

    /** How a checked chunk fared. */
    public enum State { MATCHED, MISMATCH, UNREADABLE }

    /** Consecutive chunks checked with the same outcome: ordinals, their logical bytes, the first finding's line. */
    public record Run(long from, long to, long bytes, State state, String detail) {
    }

    /**
     * What a check found: the runs checked in ordinal order (what was not checked is in none), the
     * first {@value #LISTED} findings and their count, the logical bytes checked and the bytes
     * actually read (holes are not), the seconds it took, and whether the deadline stopped it.
     */
    public record Result(List<Run> runs, List<CopyFinding> findings, long findingCount, long checkedBytes,
                         long readBytes, double seconds, boolean stopped) {
        public Result {
            runs = List.copyOf(runs);
            findings = List.copyOf(findings);
        }
    }

    /**
     * Checks {@code ranges} (ascending, not overlapping) of the copy at {@code root} against the
     * source's manifest {@code reference}; stops starting new chunks after {@code deadlineNanos}
     * ({@link System#nanoTime()}; Long.MAX_VALUE: none).
     */
    public Result check(Path root, Path reference, List<Range> ranges, boolean listing, long deadlineNanos) {
        checkOrder(ranges);
        long started = System.nanoTime();
        try (ManifestReader manifest = ManifestReader.open(reference, null)) {
            ManifestHeader header = manifest.header();
            if (!header.sized()) {
                throw new VerifyException("%s is not a manifest this tool wrote (it has no sizes): a copy is checked"
                        + " against the source's own manifest", reference);
            }
            VerifyOptions options = Manifests.optionsOf(header, VerifyOptions.defaults().withThreads(threads));
            Posix posix = Posix.get();
            boolean tree = header.layout() == ManifestHeader.Layout.TREE;
            try (NativeDirectory directory = tree ? openDirectory(posix, root) : null;
                 TreeOpener.PerThread openers = tree ? new TreeOpener.PerThread(directory) : null;
                 ThroughputRecorder recorder = new ThroughputRecorder(VerifyRun.DEFAULT_SAMPLE_MILLIS, null);
                 HashingSession session = new HashingSession(options, posix, NativeXxHash.loaded().orElse(null),
                         recorder, note -> { }, true)) {
                Pass pass = new Pass(manifest, ranges, options.chunkSize(), deadlineNanos,
                        path -> tree ? openers.get().open(path) : posix.openReadOnly(root));
                if (listing && tree) {
                    pass.listing(directory, reference);
                }
                pass.run(session);
                return new Result(pass.runs, pass.findings, pass.findingCount, pass.checkedBytes, pass.readBytes,
                        (System.nanoTime() - started) / 1e9, pass.stopped);
            }
        }
    }

    private static void checkOrder(List<Range> ranges) {
        for (int i = 1; i < ranges.size(); i++) {
            if (ranges.get(i).from() < ranges.get(i - 1).to()) {
                throw new IllegalArgumentException("ranges overlap or are not ascending: " + ranges);
            }
        }
    }

    private static NativeDirectory openDirectory(Posix posix, Path root) {
        try {
            return posix.openDirectory(root);
        } catch (PosixException e) {
            throw new VerifyException(e, "%s", e.getMessage());
        }
    }

    /** Opens a file of the copy by its manifest path. */
    private interface Opener {
        NativeFile open(String path);
    }

    /** One pass over the source's manifest. */
    private static final class Pass {
        private final ManifestReader manifest;
        private final List<Range> ranges;
        private final long chunkSize;
        private final long deadline;
        private final Opener opener;
        private final List<Run> runs = new ArrayList<>();
        private final List<CopyFinding> findings = new ArrayList<>();
        private final java.util.Set<String> named = new java.util.HashSet<>();
        private long findingCount;
        private long checkedBytes;
        private long readBytes;
        private boolean stopped;
        /** The range being checked and the bytes it has used. */
        private int range;
        private long used;
        /** A chunk of the current range did not fit in its budget: the rest of the range is not read tonight. */
        private boolean full;
        /** The run being extended, not yet in {@link #runs}, and its range: a run never spans two ranges. */
        private Run current;
        private int currentRange;

        Pass(ManifestReader manifest, List<Range> ranges, long chunkSize, long deadline, Opener opener) {
            this.manifest = manifest;
            this.ranges = ranges;
            this.chunkSize = chunkSize;
            this.deadline = deadline;
            this.opener = opener;
        }

        /** Names every file only one side has: the copy's tree walked in manifest order beside a second reading of the manifest. */
        void listing(NativeDirectory root, Path reference) {
            try (ManifestReader source = ManifestReader.open(reference, null); TreeWalk walk = new TreeWalk(root)) {
                ManifestReader.FileEntry expected = source.nextFile();
                String present = walk.next();
                while (expected != null || present != null) {
                    int order = expected == null ? 1 : present == null ? -1 : expected.path().compareTo(present);
                    if (order < 0) {
                        find(new CopyFinding(CopyFinding.Kind.MISSING, expected.path(), -1, 0, expected.size(), null));
                        expected = source.nextFile();
                    } else if (order > 0) {
                        find(new CopyFinding(CopyFinding.Kind.EXTRA, present, -1, 0, 0, null));
                        present = walk.next();
                    } else {
                        expected = source.nextFile();
                        present = walk.next();
                    }
                }
            }
        }

        void run(HashingSession session) {
            long ordinal = 0;
            ManifestReader.FileEntry file;
            while (range < ranges.size() && (file = manifest.nextFile()) != null) {
                long chunks = (file.size() + chunkSize - 1) / chunkSize;
                skipRangesBefore(ordinal);
                if (range < ranges.size() && ranges.get(range).from() < ordinal + chunks) {
                    checkFile(session, file, ordinal, chunks);
                }
                ordinal += chunks;
            }
            close(null);
        }

        private void skipRangesBefore(long ordinal) {
            while (range < ranges.size() && ranges.get(range).to() <= ordinal) {
                range++;
                used = 0;
                full = false;
            }
        }

        private void checkFile(HashingSession session, ManifestReader.FileEntry file, long first, long chunks) {
            NativeFile copy;
            try {
                copy = opener.open(file.path());
            } catch (PosixException | VerifyException e) {
                // the message is the system's: "Cannot open ... ENOENT (No such file or directory)"
                boolean missing = e.getMessage().contains("ENOENT");
                CopyFinding.Kind kind = missing ? CopyFinding.Kind.MISSING : CopyFinding.Kind.UNREADABLE;
                withoutReading(file, first, chunks, missing ? State.MISMATCH : State.UNREADABLE,
                        new CopyFinding(kind, file.path(), -1, 0, file.size(), missing ? null : e.getMessage()));
                return;
            }
            try (copy) {
                long size = copy.openedStatus().isBlockDevice() ? copy.size() : copy.openedStatus().size();
                if (!copy.openedStatus().isRegularFile() && !copy.openedStatus().isBlockDevice()) {
                    withoutReading(file, first, chunks, State.MISMATCH, new CopyFinding(CopyFinding.Kind.SIZE,
                            file.path(), -1, 0, file.size(), "a " + copy.openedStatus().kind() + " on the copy"));
                } else if (size != file.size()) {
                    withoutReading(file, first, chunks, State.MISMATCH, new CopyFinding(CopyFinding.Kind.SIZE,
                            file.path(), -1, 0, file.size(), file.size() + " bytes in the source's manifest, " + size
                            + " on the copy"));
                } else {
                    hash(session, copy, file, first);
                }
            }
        }

        /** The file's chunks in the ranges, counted as checked with {@code state} and one finding, none read. */
        private void withoutReading(ManifestReader.FileEntry file, long first, long chunks, State state,
                                    CopyFinding finding) {
            boolean any = false;
            for (long index = 0; index < chunks; index++) {
                long length = Math.min(chunkSize, file.size() - index * chunkSize);
                int in = take(first + index, length);
                if (in >= 0) {
                    any = true;
                    outcome(first + index, length, state, finding.describe(), in);
                }
            }
            if (any || finding.kind() == CopyFinding.Kind.MISSING) {
                find(finding);
            }
        }

        /** Reads the file's chunks in the ranges through {@code session}; the others are skipped unread. */
        private void hash(HashingSession session, NativeFile copy, ManifestReader.FileEntry file, long first) {
            // per chunk to read: the source's hash and the range it is read for (results come later, in order)
            Map<Long, String[]> expected = new HashMap<>();
            HashingSession.EarlierChunks select = (index, offset, length) -> {
                int in = take(first + index, length);
                if (in < 0) {
                    return SKIPPED;
                }
                expected.put(index, new String[] {sourceHash(file.path(), index), Integer.toString(in)});
                return null;
            };
            FileStats stats = session.hash(copy, file.path(), file.size(), new HashingSession.ChunkSink() {
                @Override
                public void chunk(long index, String hash) {
                    String[] want = expected.remove(index);
                    if (want == null) {
                        return;
                    }
                    long length = Math.min(chunkSize, file.size() - index * chunkSize);
                    boolean same = want[0].equalsIgnoreCase(hash);
                    CopyFinding finding = same ? null : new CopyFinding(CopyFinding.Kind.CHUNK, file.path(), index,
                            index * chunkSize, length, "source " + want[0] + ", copy " + hash);
                    found(finding);
                    outcome(first + index, length, same ? State.MATCHED : State.MISMATCH,
                            finding == null ? null : finding.describe(), Integer.parseInt(want[1]));
                }

                @Override
                public void unreadable(long index, String error) {
                    String[] want = expected.remove(index);
                    long length = Math.min(chunkSize, file.size() - index * chunkSize);
                    CopyFinding finding = new CopyFinding(CopyFinding.Kind.UNREADABLE, file.path(), index,
                            index * chunkSize, length, error);
                    found(finding);
                    outcome(first + index, length, State.UNREADABLE, finding.describe(), Integer.parseInt(want[1]));
                }
            }, select);
            readBytes += stats.dataBytes();
        }

        /** The source's hash of chunk {@code index} of the current file, its lines read up to it. */
        private String sourceHash(String path, long index) {
            ManifestReader.Chunk chunk;
            do {
                chunk = manifest.nextChunk();
            } while (chunk != null && chunk.index() < index);
            if (chunk == null || chunk.index() != index) {
                throw new VerifyException("The source's manifest has no line for chunk %d of %s: it is damaged", index,
                        io.jenkins.plugins.zfsreplication.text.TerminalText.line(path));
            }
            return chunk.hash();
        }

        /**
         * The range chunk {@code ordinal} of {@code length} bytes is checked for now (counted), or -1
         * when it is not to be checked: outside the ranges, past its range's budget, past the deadline.
         */
        private int take(long ordinal, long length) {
            skipRangesBefore(ordinal);
            if (range >= ranges.size() || ordinal < ranges.get(range).from() || stopped) {
                return -1;
            }
            if (full || used + length > ranges.get(range).maxBytes()) {
                // a range is read as a prefix: a smaller chunk further on must not fit in what is left
                full = true;
                return -1;
            }
            if (deadline != Long.MAX_VALUE && System.nanoTime() - deadline > 0) {
                stopped = true;
                return -1;
            }
            used += length;
            checkedBytes += length;
            return range;
        }

        private void outcome(long ordinal, long length, State state, String detail, int in) {
            if (current != null && current.to() == ordinal && current.state() == state && currentRange == in) {
                current = new Run(current.from(), ordinal + 1, current.bytes() + length, state, current.detail());
                return;
            }
            close(new Run(ordinal, ordinal + 1, length, state, detail));
            currentRange = in;
        }

        private void close(Run next) {
            if (current != null) {
                runs.add(current);
            }
            current = next;
        }

        private void found(CopyFinding finding) {
            if (finding != null) {
                find(finding);
            }
        }

        private void find(CopyFinding finding) {
            if (finding.chunk() < 0 && !named.add(finding.kind() + "\n" + finding.path())) {
                return; // a file missing is named once, by the listing or by the read
            }
            findingCount++;
            if (findings.size() < LISTED) {
                findings.add(Objects.requireNonNull(finding));
            }
        }
    }
}
