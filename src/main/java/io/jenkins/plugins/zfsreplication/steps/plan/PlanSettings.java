package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.steps.shared.FieldText;
import java.io.Serializable;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * The options of {@code zfsSnapshotPlan} and its builder as one value, carried to the agent.
 * Lists are written as in the form: names separated by commas or white space.
 *
 * @param targetHost the target over ssh ({@code user@host}); blank: this agent's pools
 * @param sourceHost pull: the source over ssh ({@code [user@]host}), listed and snapshotted there; blank: this
 *                   agent's pools
 * @param sshOptions ssh client arguments for {@code sourceHost}, separated by spaces; "" for none
 * @param trustSourceOptOut with {@code sourceHost}: the source's own {@code zfs-replication:backup=off} leaves a
 *                   dataset out; without, a pulled dataset is replicated whatever the source says (this agent's
 *                   own pools are always trusted)
 */
public record PlanSettings(String sources, boolean recursive, String targetRoot, String targetHost, String includes,
                    String excludes, String prefix, boolean snapshotNow, boolean allowRollback, String sourceHost,
                    String sshOptions, boolean trustSourceOptOut) implements Serializable {
    public static final String DEFAULT_PREFIX = SnapshotNaming.DEFAULT_PREFIX;

    public PlanSettings {
        // checked now, on the controller, with the engine's messages
        try {
            options(sources, recursive, targetRoot, includes, excludes, prefix, allowRollback, trustSourceOptOut);
            if (targetHost != null && !targetHost.isBlank()) {
                new SshCommandRunner(targetHost.strip(), List.of(), new ProcessCommandRunner());
            }
            if (sourceHost != null && !sourceHost.isBlank()) {
                SshCommandRunner.checkDestination(sourceHost.strip());
                if (targetHost != null && !targetHost.isBlank()) {
                    // pulling receives on the agent that plans: a target over ssh would be a plan nothing pulls
                    throw new ZfsException("sourceHost pulls to the agent the step runs on, whose pools are the "
                            + "target; targetHost '%s' names another: give one of them", targetHost.strip());
                }
            } else if (sshOptions != null && !sshOptions.isBlank()) {
                throw new ZfsException("sshOptions are for sourceHost (pull); without sourceHost the sources are "
                        + "this agent's pools");
            }
        } catch (ZfsException e) {
            throw new IllegalArgumentException("zfsSnapshotPlan: " + e.getMessage(), e);
        }
    }

    /** The options of a plan whose source is this agent's pools. */
    public PlanSettings(String sources, boolean recursive, String targetRoot, String targetHost, String includes,
                        String excludes, String prefix, boolean snapshotNow, boolean allowRollback) {
        this(sources, recursive, targetRoot, targetHost, includes, excludes, prefix, snapshotNow, allowRollback, "", "");
    }

    /** The options of a plan that pulls from {@code sourceHost} (blank: this agent's pools), the source's opt-out not trusted. */
    public PlanSettings(String sources, boolean recursive, String targetRoot, String targetHost, String includes,
                        String excludes, String prefix, boolean snapshotNow, boolean allowRollback, String sourceHost,
                        String sshOptions) {
        this(sources, recursive, targetRoot, targetHost, includes, excludes, prefix, snapshotNow, allowRollback,
                sourceHost, sshOptions, false);
    }

    /** The source over ssh when pulling, else null. */
    public String sourceDestination() {
        return sourceHost == null || sourceHost.isBlank() ? null : sourceHost.strip();
    }

    /** ssh client arguments for the source host. */
    public List<String> sshOptionList() {
        return sshOptions == null || sshOptions.isBlank() ? List.of() : List.of(sshOptions.strip().split("\\s+"));
    }

    /** The engine's options; pulling, the source's own opt-out counts only where trusted, as the CLI's. */
    public PlanOptions options() {
        return options(sources, recursive, targetRoot, includes, excludes, prefix, allowRollback,
                sourceDestination() == null || trustSourceOptOut);
    }

    public String host() {
        return targetHost == null || targetHost.isBlank() ? null : targetHost.strip();
    }

    private static PlanOptions options(String sources, boolean recursive, String targetRoot, String includes,
                                       String excludes, String prefix, boolean allowRollback,
                                       boolean trustSourceOptOut) {
        if (targetRoot == null || targetRoot.isBlank()) {
            throw new ZfsException("No target root given: name the dataset the sources land under");
        }
        List<DatasetName> roots = FieldText.words(sources).stream().map(DatasetName::of).toList();
        return new PlanOptions(new Selection(roots, recursive, FieldText.words(includes), FieldText.words(excludes), false,
                trustSourceOptOut),
                DatasetName.of(targetRoot.strip()), SnapshotNaming.of(prefix == null || prefix.isBlank() ? DEFAULT_PREFIX
                : prefix.strip()), allowRollback, false);
    }
}
