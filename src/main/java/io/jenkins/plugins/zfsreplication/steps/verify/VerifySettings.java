package io.jenkins.plugins.zfsreplication.steps.verify;

import io.jenkins.plugins.zfsreplication.verify.HashAlgorithm;
import io.jenkins.plugins.zfsreplication.verify.Since;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.verify.SparseMode;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import java.io.Serializable;
import java.nio.file.Paths;
import java.util.Objects;

/**
 * The options of {@code zfsVerify} and its freestyle builder as one value, checked on the controller
 * (with the engine's messages) and carried to the agent.
 *
 * <p>A class, not a record: a running zfsVerify keeps it in Jenkins' program.dat, and JBoss
 * Marshalling reads a record by the components its class has now (an earlier form fails to load,
 * and the build with it), a class by the fields the stream names, those it lacks null.
 */
public final class VerifySettings implements Serializable {
    private static final long serialVersionUID = 1L;
    static final String DEFAULT_NAME = "verify";
    static final String DEFAULT_SPARSE = "auto";
    private final String target;
    private final String name;
    private final Hashing hashing;
    private final String compareWith;
    private final boolean failOnMismatch;
    private final Increment increment;

    /**
     * @param target         a path or pool/dataset@snapshot
     * @param name           the artifacts' name ({@code <name>.manifest}, ...)
     * @param hashing        how it reads and hashes
     * @param compareWith    the reference manifest in the workspace, or null to compare nothing
     * @param failOnMismatch a difference from {@code compareWith} fails the build
     * @param increment      what it builds on, {@link Increment#NONE}: it reads everything
     */
    public VerifySettings(String target, String name, Hashing hashing, String compareWith, boolean failOnMismatch,
                          Increment increment) {
        if (target == null || target.isBlank()) {
            throw new IllegalArgumentException("zfsVerify needs a target: a path or pool/dataset@snapshot");
        }
        if (hashing.blockSize() == null || hashing.hash() == null || hashing.sparse() == null) {
            throw new IllegalArgumentException("zfsVerify needs a block size, a hash and a sparse mode");
        }
        // validates sizes and names now, on the controller, with the engine's messages; the name
        // becomes artifact paths and a file the controller writes (the earlier manifest's copy)
        hashing.options();
        try {
            VerifyRun.Outputs.checkName(name);
        } catch (VerifyException e) {
            throw new IllegalArgumentException("zfsVerify: name: " + e.getMessage(), e);
        }
        String since = increment.since();
        if ((since == null || since.isBlank()) != (increment.sinceManifest() == null
                || increment.sinceManifest().isBlank())) {
            throw new IllegalArgumentException("zfsVerify: since and sinceManifest go together: the earlier snapshot"
                    + " and the manifest verify wrote of it");
        }
        if (since != null && !since.isBlank() && !target.contains("@")) {
            throw new IllegalArgumentException("zfsVerify: an incremental verify (since) needs a snapshot"
                    + " pool/dataset@name as its target, not " + target);
        }
        this.target = target;
        this.name = name;
        this.hashing = hashing;
        this.compareWith = compareWith;
        this.failOnMismatch = failOnMismatch;
        this.increment = increment;
    }

    /** Settings of a verify that reads everything. */
    public VerifySettings(String target, String name, Hashing hashing, String compareWith, boolean failOnMismatch) {
        this(target, name, hashing, compareWith, failOnMismatch, Increment.NONE);
    }

    /**
     * How a verify reads and hashes, as the step's fields write it. {@code threads} 0 means all cores
     * of the agent. A record new to program.dat: its components stay as they are (a record is read
     * by the components its class has now); a new option joins {@link VerifySettings} as a field.
     */
    public record Hashing(String blockSize, long count, String hash, String sparse, int threads)
            implements Serializable {
        private static final long serialVersionUID = 1L;

        /** The engine options; {@code threads} 0 becomes the number of cores where this runs. */
        VerifyOptions options() {
            int effective = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
            return new VerifyOptions(Sizes.parse(blockSize), count, HashAlgorithm.byName(hash),
                    SparseMode.byName(sparse), effective);
        }
    }

    /**
     * What a verify builds on. {@code incremental}: the manifest an earlier build of the job archived;
     * {@code since} and {@code sinceManifest}: this earlier snapshot and its manifest in the workspace
     * (what {@code incremental} fills in when it finds one). A record new to program.dat: its
     * components stay as they are (a record is read by the components its class has now).
     */
    public record Increment(boolean incremental, String since, String sinceManifest) implements Serializable {
        private static final long serialVersionUID = 1L;
        /** Nothing: the verify reads everything. */
        public static final Increment NONE = new Increment(false, null, null);
    }

    public String target() {
        return target;
    }

    public String name() {
        return name;
    }

    public Hashing hashing() {
        return hashing;
    }

    public String compareWith() {
        return compareWith;
    }

    public boolean failOnMismatch() {
        return failOnMismatch;
    }

    public Increment increment() {
        return increment;
    }

    /** These settings building on the earlier snapshot {@code snapshot} and its manifest at {@code manifest}. */
    public VerifySettings since(String snapshot, String manifest) {
        return new VerifySettings(target, name, hashing, compareWith, failOnMismatch,
                new Increment(increment.incremental(), snapshot, manifest));
    }

    /** The earlier snapshot and manifest to build on, or null for a verify that reads everything. */
    public Since earlier() {
        String since = increment.since();
        return since == null || since.isBlank() ? null : new Since(since, Paths.get(increment.sinceManifest()));
    }

    /** The engine options; {@code threads} 0 becomes the number of cores where this runs. */
    public VerifyOptions options() {
        return hashing.options();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof VerifySettings that && Objects.equals(target, that.target)
                && Objects.equals(name, that.name) && Objects.equals(hashing, that.hashing)
                && Objects.equals(compareWith, that.compareWith) && failOnMismatch == that.failOnMismatch
                && Objects.equals(increment, that.increment);
    }

    @Override
    public int hashCode() {
        return Objects.hash(target, name, hashing, compareWith, failOnMismatch, increment);
    }

    @Override
    public String toString() {
        return "VerifySettings[target=" + target + ", name=" + name + ", hashing=" + hashing + ", compareWith="
                + compareWith + ", failOnMismatch=" + failOnMismatch + ", increment=" + increment + "]";
    }
}
