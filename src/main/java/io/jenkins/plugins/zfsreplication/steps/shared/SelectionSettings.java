package io.jenkins.plugins.zfsreplication.steps.shared;

import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.io.Serializable;
import java.util.List;

/**
 * The settings a {@link SelectionStep} (zfsSnapshotPlan, zfsCheck) shares, checked when made. A class:
 * JBoss Marshalling reads a record in program.dat by the components its class has now, so one an
 * earlier release wrote would not read back; a class by the fields written, those it lacks null.
 */
public abstract class SelectionSettings implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Datasets datasets;
    private final Target target;
    private final PullSource source;

    /** Checks the datasets, the target, {@code more} (the step's own) and the source, with the engine's messages. */
    protected SelectionSettings(String functionName, String pulling, Datasets datasets, Target target,
                                PullSource source, Runnable more) {
        checked(functionName, () -> {
            target.dataset();
            datasets.selection(true);
            datasets.naming();
            more.run();
            if (target.sshHost() != null) {
                SshCommandRunner.checkDestination(target.sshHost());
            }
            source.check(pulling, target.host());
        });
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
        return datasets.selection(source.destination() == null || source.trustOptOut());
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
     * earlier release wrote to program.dat; that step never runs (it ends as cut by the restart), and
     * a refusal would fail the build's resume instead.
     */
    public static void checkTargetAgent(String functionName, String pulling, SelectionSettings settings,
                                        String targetAgent) {
        if (settings.source != null) {
            checked(functionName, () -> settings.source.refuseTargetElsewhere(pulling, "targetAgent", targetAgent));
        }
    }

    private static void checked(String functionName, Runnable check) {
        try {
            check.run();
        } catch (ZfsException e) {
            throw new IllegalArgumentException(functionName + ": " + e.getMessage(), e);
        }
    }
}
