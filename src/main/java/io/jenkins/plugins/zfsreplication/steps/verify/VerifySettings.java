package io.jenkins.plugins.zfsreplication.steps.verify;

import io.jenkins.plugins.zfsreplication.verify.HashAlgorithm;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.verify.SparseMode;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import java.io.Serializable;

/**
 * The options of {@code zfsVerify} and its freestyle builder as one value, carried to the agent.
 * {@code threads} 0 means all cores of the agent.
 */
public record VerifySettings(String target, String name, String blockSize, long count, String hash, String sparse,
                      int threads, String compareWith, boolean failOnMismatch) implements Serializable {
    static final String DEFAULT_NAME = "verify";
    static final String DEFAULT_SPARSE = "auto";

    public VerifySettings {
        if (target == null || target.isBlank()) {
            throw new IllegalArgumentException("zfsVerify needs a target: a path or pool/dataset@snapshot");
        }
        if (blockSize == null || hash == null || sparse == null) {
            throw new IllegalArgumentException("zfsVerify needs a block size, a hash and a sparse mode");
        }
        // validates sizes and names now, on the controller, with the engine's messages
        options(blockSize, count, hash, sparse, threads);
    }

    /** The engine options; {@code threads} 0 becomes the number of cores where this runs. */
    public VerifyOptions options() {
        return options(blockSize, count, hash, sparse, threads);
    }

    private static VerifyOptions options(String blockSize, long count, String hash, String sparse, int threads) {
        int effective = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        return new VerifyOptions(Sizes.parse(blockSize), count, HashAlgorithm.byName(hash), SparseMode.byName(sparse), effective);
    }
}
