package io.jenkins.plugins.zfsreplication.steps.check;

import io.jenkins.plugins.zfsreplication.steps.shared.FieldText;
import java.io.Serializable;
import java.util.List;

import io.jenkins.plugins.zfsreplication.check.AgeThresholds;
import io.jenkins.plugins.zfsreplication.check.CheckOptions;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * The options of {@code zfsCheck} and its builder as one value, carried to the agent. {@code warn}
 * and {@code crit} are written as on the command line, several separated by commas or white space:
 * {@code '26h, tank/db/**=2h'}; blank takes the defaults (26h, 50h).
 *
 * @param targetHost the target over ssh ({@code user@host}); blank: this agent's pools
 * @param sourceHost pull, as zfsSnapshotPlan's: the source over ssh ({@code [user@]host}), listed there;
 *                   blank: this agent's pools
 * @param sshOptions ssh client arguments for {@code sourceHost}, separated by spaces; "" for none
 * @param trustSourceOptOut with {@code sourceHost}: the source's own {@code zfs-replication:backup=off} leaves a
 *                   dataset out; without, a pulled dataset is replicated whatever the source says (this agent's
 *                   own pools are always trusted)
 */
public record CheckSettings(String sources, boolean recursive, String targetRoot, String targetHost, String includes,
                            String excludes, String prefix, String warn, String crit, String sourceHost,
                            String sshOptions, boolean trustSourceOptOut) implements Serializable {
    public CheckSettings {
        // checked now, on the controller, with the engine's messages
        // the parameters, not the fields: a compact constructor assigns the fields after its body
        try {
            options(sources, recursive, targetRoot, includes, excludes, prefix, warn, crit, trustSourceOptOut);
            if (targetHost != null && !targetHost.isBlank()) {
                new SshCommandRunner(targetHost.strip(), List.of(), new ProcessCommandRunner());
            }
            if (sourceHost != null && !sourceHost.isBlank()) {
                SshCommandRunner.checkDestination(sourceHost.strip());
                if (targetHost != null && !targetHost.isBlank()) {
                    // pulling checks from the backup host, whose pools are the target
                    throw new ZfsException("sourceHost lists the source from the agent the step runs on, whose pools "
                            + "are the target; targetHost '%s' names another: give one of them", targetHost.strip());
                }
            } else if (sshOptions != null && !sshOptions.isBlank()) {
                throw new ZfsException("sshOptions are for sourceHost (pull); without sourceHost the sources are "
                        + "this agent's pools");
            }
        } catch (ZfsException e) {
            throw new IllegalArgumentException("zfsCheck: " + e.getMessage(), e);
        }
    }

    /** The options of a check whose source is this agent's pools. */
    public CheckSettings(String sources, boolean recursive, String targetRoot, String targetHost, String includes,
                         String excludes, String prefix, String warn, String crit) {
        this(sources, recursive, targetRoot, targetHost, includes, excludes, prefix, warn, crit, "", "");
    }

    /** The options of a check that pulls from {@code sourceHost} (blank: this agent's pools), the source's opt-out not trusted. */
    public CheckSettings(String sources, boolean recursive, String targetRoot, String targetHost, String includes,
                         String excludes, String prefix, String warn, String crit, String sourceHost,
                         String sshOptions) {
        this(sources, recursive, targetRoot, targetHost, includes, excludes, prefix, warn, crit, sourceHost, sshOptions,
                false);
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
    public CheckOptions options() {
        return options(sources, recursive, targetRoot, includes, excludes, prefix, warn, crit,
                sourceDestination() == null || trustSourceOptOut);
    }

    private static CheckOptions options(String sources, boolean recursive, String targetRoot, String includes,
                                        String excludes, String prefix, String warn, String crit,
                                        boolean trustSourceOptOut) {
        if (targetRoot == null || targetRoot.isBlank()) {
            throw new ZfsException("No target root given: name the dataset the sources land under");
        }
        List<DatasetName> roots = FieldText.words(sources).stream().map(DatasetName::of).toList();
        return new CheckOptions(new Selection(roots, recursive, FieldText.words(includes),
                FieldText.words(excludes), false, trustSourceOptOut), DatasetName.of(targetRoot.strip()),
                SnapshotNaming.of(prefix == null || prefix.isBlank() ? SnapshotNaming.DEFAULT_PREFIX : prefix.strip()),
                thresholds(warn, crit));
    }

    public String host() {
        return targetHost == null || targetHost.isBlank() ? null : targetHost.strip();
    }

    static AgeThresholds thresholds(String warn, String crit) {
        return AgeThresholds.parse(FieldText.words(warn), FieldText.words(crit));
    }
}
