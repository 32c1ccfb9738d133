package io.jenkins.plugins.zfsreplication.steps.verify;

import io.jenkins.plugins.zfsreplication.verify.HashAlgorithm;
import io.jenkins.plugins.zfsreplication.verify.Since;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.verify.SparseMode;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import java.io.Serializable;

/**
 * The options of {@code zfsVerify} and its freestyle builder as one value, carried to the agent.
 * {@code threads} 0 means all cores of the agent. {@code incremental}: build on the manifest an
 * earlier build of the job archived; {@code since} and {@code sinceManifest}: build on this earlier
 * snapshot and its manifest in the workspace (what {@code incremental} fills in when it finds one).
 */
public record VerifySettings(String target, String name, String blockSize, long count, String hash, String sparse,
                      int threads, String compareWith, boolean failOnMismatch, boolean incremental, String since,
                      String sinceManifest) implements Serializable {
    static final String DEFAULT_NAME = "verify";
    static final String DEFAULT_SPARSE = "auto";

    public VerifySettings {
        if (target == null || target.isBlank()) {
            throw new IllegalArgumentException("zfsVerify needs a target: a path or pool/dataset@snapshot");
        }
        if (blockSize == null || hash == null || sparse == null) {
            throw new IllegalArgumentException("zfsVerify needs a block size, a hash and a sparse mode");
        }
        // validates sizes and names now, on the controller, with the engine's messages; the name
        // becomes artifact paths and a file the controller writes (the earlier manifest's copy)
        options(blockSize, count, hash, sparse, threads);
        try {
            VerifyRun.Outputs.checkName(name);
        } catch (VerifyException e) {
            throw new IllegalArgumentException("zfsVerify: name: " + e.getMessage(), e);
        }
        if ((since == null || since.isBlank()) != (sinceManifest == null || sinceManifest.isBlank())) {
            throw new IllegalArgumentException("zfsVerify: since and sinceManifest go together: the earlier snapshot"
                    + " and the manifest verify wrote of it");
        }
        if (since != null && !since.isBlank() && !target.contains("@")) {
            throw new IllegalArgumentException("zfsVerify: an incremental verify (since) needs a snapshot"
                    + " pool/dataset@name as its target, not " + target);
        }
    }

    /** Settings of a verify that reads everything. */
    public VerifySettings(String target, String name, String blockSize, long count, String hash, String sparse,
                          int threads, String compareWith, boolean failOnMismatch) {
        this(target, name, blockSize, count, hash, sparse, threads, compareWith, failOnMismatch, false, null, null);
    }

    /** These settings building on the earlier snapshot {@code snapshot} and its manifest at {@code manifest}. */
    public VerifySettings since(String snapshot, String manifest) {
        return new VerifySettings(target, name, blockSize, count, hash, sparse, threads, compareWith, failOnMismatch,
                incremental, snapshot, manifest);
    }

    /** The earlier snapshot and manifest to build on, or null for a verify that reads everything. */
    public Since earlier() {
        return since == null || since.isBlank() ? null : new Since(since, java.nio.file.Paths.get(sinceManifest));
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
