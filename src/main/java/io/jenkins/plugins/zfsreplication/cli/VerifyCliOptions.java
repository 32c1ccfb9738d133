package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.verify.HashAlgorithm;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.verify.SparseMode;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import picocli.CommandLine.Model.CommandSpec;

/** The chunking and hashing options shared by {@code verify} and {@code compare} (coded: {@link CodedModel}). */
final class VerifyCliOptions {
    private VerifyCliOptions() {
    }

    /** Adds the options to {@code spec}. */
    static void addTo(CommandSpec spec) {
        spec.addOption(CodedModel.option(new String[] {"--block-size"}, "SIZE", String.class,
                VerifyOptions.DEFAULT_BLOCK_SIZE_TEXT,
                "Block size, a power of two; K/M/G are binary (1M = 1048576). Default: ${DEFAULT-VALUE}."));
        spec.addOption(CodedModel.option(new String[] {"--count"}, "N", long.class, "1",
                "Blocks per chunk; a chunk is block-size x count bytes. Default: ${DEFAULT-VALUE}."));
        spec.addOption(CodedModel.option(new String[] {"--hash"}, "NAME", String.class, VerifyOptions.DEFAULT_HASH,
                "xxh64 (= xxhsum -H1), xxh3, xxh128, sha256 or sha1 (as zfs-check). Default: ${DEFAULT-VALUE}."));
        spec.addOption(CodedModel.option(new String[] {"--sparse"}, "MODE", String.class, "auto",
                "auto, seek (SEEK_DATA/SEEK_HOLE), zeros (detect zero chunks) or off. Default: ${DEFAULT-VALUE}."));
        spec.addOption(CodedModel.option(new String[] {"--threads"}, "N", Integer.class, null,
                "Hashing threads. Default: the number of cores."));
    }

    /** The options {@code spec} (with these added) was given. */
    static VerifyOptions options(CommandSpec spec) {
        String blockSize = CodedModel.value(spec, "--block-size");
        long count = CodedModel.value(spec, "--count");
        String hash = CodedModel.value(spec, "--hash");
        String sparse = CodedModel.value(spec, "--sparse");
        Integer threads = CodedModel.value(spec, "--threads");
        return new VerifyOptions(Sizes.parse(blockSize), count, HashAlgorithm.byName(hash), SparseMode.byName(sparse),
                threads == null ? Runtime.getRuntime().availableProcessors() : threads);
    }
}
