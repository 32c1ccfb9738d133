package io.jenkins.plugins.zfsreplication.verify;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The chunks of one file or volume an earlier manifest holds and an incremental send stream left
 * alone: an incremental verify reads only the chunks the stream wrote or freed, and those past the
 * smaller of the two sizes, and takes every other chunk's line from the earlier manifest. The
 * result is the manifest a full verify writes, byte for byte.
 *
 * <p>The earlier lines are trusted for the chunks the stream did not touch: that is the point. So
 * that a manifest of another volume, file or snapshot is not taken for the earlier one, some of
 * the chunks it would take over, spread over the file, are read and hashed anyway and must match.
 */
final class PartialRead implements HashingSession.EarlierChunks, HashingSession.ChunkSink, AutoCloseable {
    /** A volume's chunks taken over that are read anyway, as a check that the manifest is the earlier one. */
    static final int VOLUME_CHECKS = 16;
    /**
     * The same for each file of a tree read in part: the tree's kept files are checked too (their
     * sizes), and a tree may hold thousands of large changed files.
     */
    static final int FILE_CHECKS = 2;

    /** Makes the partial read of a file once its size now is known; its chunks go to {@code sink}. */
    interface Factory {
        PartialRead make(long size, HashingSession.ChunkSink sink);
    }

    /** The earlier chunk hashes, asked in ascending order. */
    private interface EarlierHashes extends AutoCloseable {
        /** The hash of chunk {@code index}; null when the earlier lines end before it. */
        String hash(long index);

        @Override
        void close();
    }

    private final EarlierHashes earlier;
    private final String shown;
    private final ChangedChunks changed;
    private final long earlierSize;
    private final long size;
    private final long chunkSize;
    private final long checkEvery;
    private final HashingSession.ChunkSink sink;
    /** The earlier hashes of chunks read as a check, until their result is emitted. */
    private final Map<Long, String> checks = new HashMap<>();
    private long reusable;
    private long checked;

    private PartialRead(EarlierHashes earlier, String shown, long earlierSize, ChangedChunks changed, long size,
                        long chunkSize, int checkCount, HashingSession.ChunkSink sink) {
        this.earlier = earlier;
        this.shown = shown;
        this.earlierSize = earlierSize;
        this.changed = changed;
        this.size = size;
        this.chunkSize = chunkSize;
        this.sink = sink;
        long takeable = 0;
        for (long index = 0; index * chunkSize < Math.min(earlierSize, size); index++) {
            if (takeable(index)) {
                takeable++;
            }
        }
        this.checkEvery = Math.max(1, (takeable + checkCount - 1) / checkCount);
    }

    /**
     * A volume of {@code size} bytes now, whose earlier manifest (a single file's, same parameters:
     * checked by the caller) is read in step with the chunks, in constant memory.
     */
    static PartialRead volume(Path manifest, ChangedChunks changed, long size, long chunkSize,
                              HashingSession.ChunkSink sink) {
        ManifestReader reader = ManifestReader.open(manifest, null);
        try {
            ManifestReader.FileEntry file = reader.nextFile();
            if (file == null || !file.path().isEmpty()) {
                throw inconsistent("the volume", "it holds " + (file == null ? "no file" : "a tree") + ", not one volume");
            }
            EarlierHashes hashes = new EarlierHashes() {
                private long next;

                @Override
                public String hash(long index) {
                    ManifestReader.Chunk chunk;
                    do {
                        chunk = reader.nextChunk();
                        if (chunk == null) {
                            return null;
                        }
                        if (chunk.index() != next) {
                            throw inconsistent("the volume", "its chunk " + chunk.index() + " follows chunk " + (next - 1));
                        }
                        next++;
                    } while (chunk.index() < index);
                    return chunk.hash();
                }

                @Override
                public void close() {
                    reader.close();
                }
            };
            return new PartialRead(hashes, "the volume", file.size(), changed, size, chunkSize, VOLUME_CHECKS, sink);
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /** The file {@code path} of a tree, whose earlier size and chunk hashes (in order from 0) are given. */
    static PartialRead file(String path, long earlierSize, List<String> hashes, ChangedChunks changed, long size,
                            long chunkSize, HashingSession.ChunkSink sink) {
        EarlierHashes earlier = new EarlierHashes() {
            @Override
            public String hash(long index) {
                return index < hashes.size() ? hashes.get((int) index) : null;
            }

            @Override
            public void close() {
            }
        };
        return new PartialRead(earlier, path, earlierSize, changed, size, chunkSize, FILE_CHECKS, sink);
    }

    /** A chunk can be taken over when the stream left it alone and it has the same bytes in both sizes. */
    private boolean takeable(long index) {
        long offset = index * chunkSize;
        long end = Math.min(offset + chunkSize, size);
        return !changed.changed(index) && end <= earlierSize && end == Math.min(offset + chunkSize, earlierSize);
    }

    @Override
    public String hashOf(long index, long offset, long length) {
        if (!takeable(index)) {
            return null;
        }
        String hash = earlier.hash(index);
        if (hash == null) {
            throw inconsistent(shown, "its lines end before chunk " + index + " of its " + earlierSize + " bytes");
        }
        if (reusable++ % checkEvery == 0) {
            checks.put(index, hash);
            return null;
        }
        return hash;
    }

    @Override
    public void chunk(long index, String hash) {
        String expected = checks.remove(index);
        if (expected != null) {
            if (!expected.equals(hash)) {
                throw inconsistent(shown, String.format(java.util.Locale.ROOT, "chunk %d (bytes %d to %d), which zfs"
                        + " send lists no change in, hashes to %s, and the earlier manifest says %s", index,
                        index * chunkSize, Math.min(size, (index + 1) * chunkSize), hash, expected));
            }
            checked++;
        }
        sink.chunk(index, hash);
    }

    /** The chunks read as a check (and found equal). */
    long checked() {
        return checked;
    }

    private static VerifyException inconsistent(String shown, String what) {
        return new VerifyException("The earlier manifest and zfs send disagree on %s: %s. Is the manifest the one made"
                + " from the earlier snapshot? A full verify (without the earlier manifest) checks everything.",
                shown, what);
    }

    @Override
    public void close() {
        earlier.close();
    }
}
