package io.jenkins.plugins.zfsreplication.verify;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The chunks of a volume an earlier manifest holds and an incremental send stream left alone: an
 * incremental verify of the volume reads only the chunks the stream wrote or freed, and the chunks
 * past the smaller of the two sizes, and takes every other chunk's line from the earlier manifest.
 * The result is the manifest a full verify writes, byte for byte.
 *
 * <p>The earlier manifest is read once, in step with the chunks asked for, in constant memory. It
 * is trusted for the chunks the stream did not touch: that is the point. So that a manifest of
 * another volume or snapshot is not taken for the earlier one, {@value #CHECKS} of the chunks it
 * would take over, spread over the volume, are read and hashed anyway and must match.
 */
final class IncrementalVolume implements HashingSession.EarlierChunks, HashingSession.ChunkSink, AutoCloseable {
    /** Chunks taken over that are read anyway, as a check that the manifest is the earlier one. */
    static final int CHECKS = 16;

    private final ManifestReader reader;
    private final ChangedChunks changed;
    private final long earlierSize;
    private final long size;
    private final long chunkSize;
    private final long checkEvery;
    private final HashingSession.ChunkSink sink;
    /** The earlier hashes of chunks read as a check, until their result is emitted. */
    private final Map<Long, String> checks = new HashMap<>();
    private long nextEarlier;
    private long reusable;
    private long checked;

    /**
     * @param earlier the earlier manifest (a single file's, same parameters: checked by the caller)
     * @param size    the volume's size now
     * @param sink    where the chunks go, in order, after the checks
     */
    IncrementalVolume(Path earlier, ChangedChunks changed, long size, long chunkSize, HashingSession.ChunkSink sink) {
        this.changed = changed;
        this.size = size;
        this.chunkSize = chunkSize;
        this.sink = sink;
        this.reader = ManifestReader.open(earlier, null);
        try {
            ManifestReader.FileEntry file = reader.nextFile();
            if (file == null || !file.path().isEmpty()) {
                throw inconsistent("it holds " + (file == null ? "no file" : "a tree") + ", not one volume");
            }
            this.earlierSize = file.size();
            long takeable = 0;
            for (long index = 0; index * chunkSize < Math.min(earlierSize, size); index++) {
                if (takeable(index)) {
                    takeable++;
                }
            }
            this.checkEvery = Math.max(1, (takeable + CHECKS - 1) / CHECKS);
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /** A chunk can be taken over when the stream left it alone and it has the same bytes in both sizes. */
    private boolean takeable(long index) {
        long offset = index * chunkSize;
        long end = Math.min(offset + chunkSize, size);
        return !changed.changed(index) && end <= earlierSize && end == Math.min(offset + chunkSize, earlierSize);
    }

    @Override
    public String hashOf(long index, long offset, long length) {
        if (index * chunkSize >= earlierSize) {
            return null;
        }
        String earlier = earlierHash(index);
        if (!takeable(index)) {
            return null;
        }
        if (reusable++ % checkEvery == 0) {
            checks.put(index, earlier);
            return null;
        }
        return earlier;
    }

    private String earlierHash(long index) {
        ManifestReader.Chunk chunk;
        do {
            chunk = reader.nextChunk();
            if (chunk == null) {
                throw inconsistent("it ends before chunk " + index + " of its " + earlierSize + " bytes");
            }
            if (chunk.index() != nextEarlier) {
                throw inconsistent("its chunk " + chunk.index() + " follows chunk " + (nextEarlier - 1));
            }
            nextEarlier++;
        } while (chunk.index() < index);
        return chunk.hash();
    }

    @Override
    public void chunk(long index, String hash) {
        String expected = checks.remove(index);
        if (expected != null) {
            if (!expected.equals(hash)) {
                throw inconsistent(String.format(java.util.Locale.ROOT, "chunk %d (bytes %d to %d), which zfs send"
                        + " lists no change in, hashes to %s, and the earlier manifest says %s", index, index * chunkSize,
                        Math.min(size, (index + 1) * chunkSize), hash, expected));
            }
            checked++;
        }
        sink.chunk(index, hash);
    }

    /** The chunks read as a check (and found equal). */
    long checked() {
        return checked;
    }

    private static VerifyException inconsistent(String what) {
        return new VerifyException("The earlier manifest and zfs send disagree: %s. Is the manifest the one made from"
                + " the earlier snapshot of this volume? A full verify (without the earlier manifest) checks everything.",
                what);
    }

    @Override
    public void close() {
        reader.close();
    }
}
