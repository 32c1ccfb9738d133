package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.steps.views.PlanRecord;
import java.io.File;
import java.io.IOException;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.plan.PlanArtifacts;
import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.steps.shared.OutcomeValues;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import jenkins.MasterToSlaveFileCallable;

/** Plans on the agent of the source host: one listing per host, plan.json and plan.txt into the workspace. */
public final class PlanCallable extends MasterToSlaveFileCallable<PlanCallable.Summary> {
    private static final long serialVersionUID = 1L;
    private final PlanSettings settings;
    private final ListingText targetListing;
    private final SshKey sourceKey; // pulling: the source host's key; null: the agent user's own ssh keys

    /**
     * @param targetListing the target as its own agent listed it; null: list it from here (local or ssh)
     * @param sourceKey     with {@code sourceHost}: the key ssh offers there; null for the agent user's own keys
     */
    public PlanCallable(PlanSettings settings, ListingText targetListing, SshKey sourceKey) {
        this.settings = settings;
        this.targetListing = targetListing;
        this.sourceKey = sourceKey;
    }

    /**
     * What the build log, the build page and the script see: the counts and the engine's log lines.
     *
     * @param snapshot        the snapshot the step took ({@code snapshotNow}), its short name; "" when none
     * @param sent            every dataset the plan sends, in plan order
     * @param accounts        every dataset of the selection with its outcome and why, refused names included
     * @param targetUnreadable why the target could not be read (every dataset refused); null when it could
     */
    public record Summary(String summary, List<String> log, Counts counts, String snapshot, List<Sent> sent,
                          List<DatasetAccount> accounts, String targetUnreadable) implements SelectionRunner.Summary {
        /** A dataset the plan sends, and where to. */
        public record Sent(String source, String target) implements Serializable {
        }

        /**
         * @param datasets the datasets the plan planned (the names it refused are not among them)
         * @param skipped  of those, the ones left out: excluded by the backup host's choice or skipped
         * @param steps    the send steps
         */
        public record Counts(int datasets, int skipped, int steps) implements Serializable {
        }

        /** How many datasets came out so. */
        public int count(DatasetOutcome outcome) {
            return (int) DatasetAccount.count(accounts, outcome);
        }

        /** The datasets that need attention (never those the backup's owner excluded): the build is UNSTABLE. */
        public int problems() {
            return count(DatasetOutcome.ATTENTION);
        }

        /** Each dataset that needs attention: {@code source: ACTION (reason)}. */
        public List<String> problemDatasets() {
            return accounts.stream().filter(account -> account.outcome() == DatasetOutcome.ATTENTION)
                    .map(account -> account.dataset() + ": " + account.reason()).toList();
        }

        @Override
        public List<String> resultLines() {
            return List.of("zfsSnapshotPlan: " + summary);
        }

        @Override
        public PlanRecord record(String sources, List<String> artifacts) {
            return new PlanRecord(sources, counts.datasets(), counts.skipped(), counts.steps(), accounts, artifacts);
        }

        /**
         * The value zfsSnapshotPlan returns to a Pipeline script: a map (a script reads {@code plan.snapshot},
         * {@code plan.sent}) of strings, numbers and {@link ArrayList}s, as a running Pipeline saves it in its
         * program state; {@code sent} holds a map per dataset: {@code source}, {@code target}, and {@code name},
         * the source with '/' as '_' for file names; {@code outcomes} how many datasets came out each way (by
         * the outcome's JSON name, as night.json's), {@code datasetOutcomes} each dataset with its outcome
         * and reason.
         */
        public Map<String, Object> toMap() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("summary", summary);
            map.put("snapshot", snapshot);
            map.put("datasets", counts.datasets());
            map.put("toSend", count(DatasetOutcome.SENT));
            map.put("upToDate", count(DatasetOutcome.CURRENT));
            map.put("skipped", counts.skipped());
            map.put("problems", problems());
            map.put("steps", counts.steps());
            ArrayList<Map<String, Object>> sentValue = new ArrayList<>();
            for (Sent dataset : sent) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("source", dataset.source());
                entry.put("target", dataset.target());
                entry.put("name", dataset.source().replace('/', '_'));
                sentValue.add(entry);
            }
            map.put("sent", sentValue);
            map.put("problemDatasets", new ArrayList<>(problemDatasets()));
            OutcomeValues.put(map, accounts);
            return map;
        }
    }

    /** @param snapshot the short name of the snapshot the step took; "" when it took none */
    public static Summary summary(ReplicationPlan plan, String snapshot, List<String> log) {
        // every dataset accounted for; the ones not backed up that the backup's owner did not exclude need attention
        List<DatasetAccount> accounts = DatasetAccount.of(plan);
        List<Summary.Sent> sent = plan.datasets().stream().filter(dataset -> dataset.action() == DatasetAction.SEND)
                .map(dataset -> new Summary.Sent(dataset.source().name(), dataset.target().name())).toList();
        return new Summary(String.format("%d dataset(s): %d to send in %d step(s), %d need attention",
                plan.datasets().size(), count(plan, DatasetAction.SEND), plan.steps().size(),
                DatasetAccount.count(accounts, DatasetOutcome.ATTENTION)), log, new Summary.Counts(plan.datasets().size(),
                count(plan, DatasetAction.EXCLUDED) + count(plan, DatasetAction.SKIPPED), plan.steps().size()),
                snapshot, sent, accounts,
                io.jenkins.plugins.zfsreplication.plan.Planner.unreadableTarget(plan).orElse(null));
    }

    private static int count(ReplicationPlan plan, DatasetAction action) {
        return (int) plan.datasets().stream().filter(d -> d.action() == action).count();
    }

    @Override
    public Summary invoke(File workspace, VirtualChannel channel) throws IOException {
        return settings.source().reach(sourceKey, settings.target().sshHost(), (sourceZfs, targetZfs) -> {
            List<String> log = new ArrayList<>();
            try {
                PlanRun run = new PlanRun(sourceZfs, targetZfs, settings.options(), settings.snapshotNow(), false);
                Instant now = Instant.now();
                ReplicationPlan plan = targetListing == null ? run.run(now, log::add)
                        : run.run(now, targetListing, log::add);
                PlanArtifacts.write(plan, workspace.toPath());
                return summary(plan, settings.snapshotNow() ? settings.options().naming().name(now) : "", log);
            } catch (ZfsException e) {
                throw new AbortException("zfsSnapshotPlan: " + e.getMessage());
            }
        });
    }
}
