package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.verify.ManifestReader;
import java.nio.file.Path;

/**
 * The logical bytes between chunk ordinals of a manifest, in one pass over its files: every chunk
 * is a chunk size long but a file's last, which holds what is left of the file.
 */
final class ManifestBytes {
    private ManifestBytes() {
    }

    /** Bytes of each span {@code boundaries[i]} to {@code boundaries[i + 1]} (ascending ordinals). */
    static long[] between(Path manifest, long[] boundaries) {
        long[] bytes = new long[Math.max(0, boundaries.length - 1)];
        try (ManifestReader reader = ManifestReader.open(manifest, null)) {
            long chunkSize = reader.header().chunkSize();
            long ordinal = 0;
            ManifestReader.FileEntry file;
            while ((file = reader.nextFile()) != null) {
                long chunks = (file.size() + chunkSize - 1) / chunkSize;
                for (long index = 0; index < chunks; index++) {
                    int span = span(boundaries, ordinal + index);
                    if (span >= 0) {
                        bytes[span] += Math.min(chunkSize, file.size() - index * chunkSize);
                    }
                }
                ordinal += chunks;
            }
        }
        return bytes;
    }

    /** The span holding {@code ordinal}, or -1 when it is outside them all. */
    private static int span(long[] boundaries, long ordinal) {
        int at = java.util.Arrays.binarySearch(boundaries, ordinal);
        int span = at >= 0 ? at : -at - 2;
        return span >= 0 && span < boundaries.length - 1 ? span : -1;
    }
}
