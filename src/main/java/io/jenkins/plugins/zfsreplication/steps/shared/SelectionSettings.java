package io.jenkins.plugins.zfsreplication.steps.shared;

import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.io.Serializable;
import java.util.List;

/**
 * The settings a {@link SelectionStep} (zfsSnapshotPlan, zfsCheck) shares: which datasets, the
 * target, the source; checked on the controller when made, carried to the agent. A class, not a
 * record: a running Pipeline keeps it in program.dat, and JBoss Marshalling reads a record by the
 * components its class has now (one an earlier release wrote with others does not read back), a
 * class by the fields the stream names, leaving those it lacks null.
 */
public abstract class SelectionSettings implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Datasets datasets;
    private final Target target;
    private final PullSource source;

    /**
     * Checks the parts with the engine's messages after {@code functionName}: datasets and target,
     * then {@code more} (the step's own), then the source ({@link PullSource#refuseTargetElsewhere}).
     */
    protected SelectionSettings(String functionName, String pulling, Datasets datasets, Target target,
                                PullSource source, Runnable more) {
        try {
            target.dataset();
            datasets.selection(true);
            datasets.naming();
            more.run();
            if (target.sshHost() != null) {
                SshCommandRunner.checkDestination(target.sshHost());
            }
            source.check(pulling, target.host());
        } catch (ZfsException e) {
            throw new IllegalArgumentException(functionName + ": " + e.getMessage(), e);
        }
        this.datasets = datasets;
        this.target = target;
        this.source = source;
    }

    public Datasets datasets() {
        return datasets;
    }

    public Target target() {
        return target;
    }

    public PullSource source() {
        return source;
    }

    /** The engine's selection; pulling, the source's own opt-out counts only where trusted, as the CLI's. */
    public Selection selection() {
        return datasets.selection(source.trusted());
    }

    /** The source datasets as in the form (names separated by commas or white space); blank prefix: the default. */
    public record Datasets(String sources, boolean recursive, String includes, String excludes, String prefix)
            implements Serializable {
        Selection selection(boolean trustSourceOptOut) {
            List<DatasetName> roots = FieldText.words(sources).stream().map(DatasetName::of).toList();
            return new Selection(roots, recursive, FieldText.words(includes), FieldText.words(excludes), false,
                    trustSourceOptOut);
        }

        public SnapshotNaming naming() {
            return SnapshotNaming.of(prefix == null || prefix.isBlank() ? SnapshotNaming.DEFAULT_PREFIX : prefix.strip());
        }
    }

    /** The dataset the sources land under, on {@code host} over ssh ({@code user@host}) or blank: the lister's pools. */
    public record Target(String root, String host) implements Serializable {
        public DatasetName dataset() {
            if (root == null || root.isBlank()) {
                throw new ZfsException("No target root given: name the dataset the sources land under");
            }
            return DatasetName.of(root.strip());
        }

        public String sshHost() {
            return host == null || host.isBlank() ? null : host.strip();
        }
    }

    /**
     * Refuses, pulling, a target agent other than the one the step runs on. No source: settings an
     * earlier release wrote to program.dat (other fields); that step ends as cut by the restart and
     * never runs, and a refusal here would fail the build's resume instead.
     */
    public static void checkTargetAgent(String functionName, String pulling, SelectionSettings settings,
                                        String targetAgent) {
        try {
            if (settings.source != null) {
                settings.source.refuseTargetElsewhere(pulling, "targetAgent", targetAgent);
            }
        } catch (ZfsException e) {
            throw new IllegalArgumentException(functionName + ": " + e.getMessage(), e);
        }
    }
}
