package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.verify.HashAlgorithm;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.verify.SparseMode;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import picocli.CommandLine.Option;

/** The chunking and hashing options shared by {@code verify} and {@code compare}. */
final class VerifyCliOptions {
    @Option(names = "--block-size", paramLabel = "SIZE", defaultValue = VerifyOptions.DEFAULT_BLOCK_SIZE_TEXT,
            description = "Block size, a power of two; K/M/G are binary (1M = 1048576). Default: ${DEFAULT-VALUE}.")
    String blockSize;

    @Option(names = "--count", paramLabel = "N", defaultValue = "1",
            description = "Blocks per chunk; a chunk is block-size x count bytes. Default: ${DEFAULT-VALUE}.")
    long count;

    @Option(names = "--hash", paramLabel = "NAME", defaultValue = VerifyOptions.DEFAULT_HASH,
            description = "xxh64 (= xxhsum -H1), xxh3, xxh128, sha256 or sha1 (as zfs-check). Default: ${DEFAULT-VALUE}.")
    String hash;

    @Option(names = "--sparse", paramLabel = "MODE", defaultValue = "auto",
            description = "auto, seek (SEEK_DATA/SEEK_HOLE), zeros (detect zero chunks) or off. Default: ${DEFAULT-VALUE}.")
    String sparse;

    @Option(names = "--threads", paramLabel = "N",
            description = "Hashing threads. Default: the number of cores.")
    Integer threads;

    boolean hashGiven() {
        return !VerifyOptions.DEFAULT_HASH.equals(hash) || !VerifyOptions.DEFAULT_BLOCK_SIZE_TEXT.equals(blockSize)
                || count != VerifyOptions.DEFAULT_COUNT;
    }

    VerifyOptions options() {
        return new VerifyOptions(Sizes.parse(blockSize), count, HashAlgorithm.byName(hash), SparseMode.byName(sparse),
                threads == null ? Runtime.getRuntime().availableProcessors() : threads);
    }
}
