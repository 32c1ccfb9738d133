package io.jenkins.plugins.zfsreplication.plan;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.InvalidNameException;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * Makes a plan from one listing per host, without calling zfs: per selected source dataset, the
 * steps that bring its target up to date, or why there are none. Linear in the number of
 * snapshots apart from the listing's own sort (O(n log n)).
 *
 * <p>The rules, per dataset: no target: a full send of the oldest snapshot to send, then
 * incrementals. A common snapshot (same GUID on both sides, the name does not matter): incrementals
 * from the newest common one. The target diverged after it (see {@link Divergence}): DIVERGED,
 * unless rollback is allowed, then the first step says {@code rollback}. The target exists but
 * shares no snapshot: REFUSED. A resume token on the target: the first step resumes it.
 */
public final class Planner {
    /** The target property OpenZFS keeps the state of an interrupted {@code recv -s} in. */
    public static final String RESUME_TOKEN = "receive_resume_token";

    private Planner() {
    }

    /** The one line that says so when the target could not be read (its reason fills in %s). */
    public static final String UNREADABLE = "The target is not readable: %s. Every dataset is REFUSED: nothing will be"
            + " sent or pruned by this plan. Fix the target (import its pool, create the parent, check the target"
            + " host) and plan again";
    /** What the reason of every dataset starts with when the target could not be read. */
    public static final String TARGET_NOT_READABLE = "target not readable: ";

    public static ReplicationPlan plan(Listing source, Listing target, PlanOptions options, Instant createdAt) {
        return plan(source, target, options, createdAt, null);
    }

    /**
     * @param targetUnreadable why the target root could not be read ({@code ListingText#unreadable}), or
     *                         null: then every selected dataset is REFUSED with that reason. An empty
     *                         listing of a target whose pool is missing is no new target: planning
     *                         full sends would leave its real bases to any prune.
     */
    public static ReplicationPlan plan(Listing source, Listing target, PlanOptions options, Instant createdAt,
                                       String targetUnreadable) {
        List<DatasetPlan> datasets = new ArrayList<>();
        List<RefusedName> refused = new ArrayList<>();
        Map<DatasetName, DatasetName> sourceOfTarget = new HashMap<>();
        for (ZfsObject dataset : source.datasets()) {
            Selection.Decision decision = options.selection().decide(dataset);
            if (decision.kind() == Selection.Kind.OUTSIDE) {
                continue;
            }
            boolean excluded = decision.kind() == Selection.Kind.EXCLUDED;
            if (DatasetName.refusal(dataset.name()).isPresent()) {
                // shown and not sent: one such name must not fail the plan of every other dataset
                refused.add(new RefusedName(dataset.name(), decision.reason(), excluded));
                continue;
            }
            DatasetName name = DatasetName.of(dataset.name());
            DatasetName targetName;
            try {
                targetName = options.targetOf(name);
            } catch (InvalidNameException e) {
                // a target name past ZFS's limit is this dataset's problem, not every other dataset's
                refused.add(new RefusedName(dataset.name(), "its target name under " + options.targetRoot()
                        + " is not a valid ZFS name: " + e.getMessage() + "; not replicated (a shorter target root,"
                        + " or exclude it)", excluded));
                continue;
            }
            DatasetName clash = sourceOfTarget.putIfAbsent(targetName, name);
            if (clash != null) {
                throw new PlanException("Both %s and %s would land on %s: give roots that map to different targets,"
                        + " or plan them in separate runs", clash, name, targetName);
            }
            String note = decision.reason().isEmpty() ? "" : "; " + decision.reason();
            datasets.add(excluded
                    ? new DatasetPlan(name, targetName, DatasetAction.EXCLUDED, decision.reason(), List.of())
                    : decision.kind() == Selection.Kind.ATTENTION
                    ? new DatasetPlan(name, targetName, DatasetAction.SKIPPED, decision.reason(), List.of())
                    : targetUnreadable != null
                    ? new DatasetPlan(name, targetName, DatasetAction.REFUSED, TARGET_NOT_READABLE + targetUnreadable,
                            List.of()).withEncryption(Encryption.of(dataset))
                    : withNote(planDataset(name, targetName, source, target, options), note)
                            .withEncryption(Encryption.of(dataset)));
        }
        return new ReplicationPlan(createdAt, source.host(), target.host(), options.selection().roots(), options.targetRoot(),
                datasets, refused);
    }

    private static DatasetPlan withNote(DatasetPlan plan, String note) {
        return note.isEmpty() ? plan : plan.withSteps(plan.steps(), note);
    }

    /** Why the plan's target could not be read, when that made it refuse every dataset. */
    public static java.util.Optional<String> unreadableTarget(ReplicationPlan plan) {
        return plan.datasets().stream().filter(d -> d.action() == DatasetAction.REFUSED
                && d.reason().startsWith(TARGET_NOT_READABLE)).findFirst()
                .map(d -> d.reason().substring(TARGET_NOT_READABLE.length()));
    }

    static DatasetPlan planDataset(DatasetName source, DatasetName target, Listing sourceListing, Listing targetListing,
                                   PlanOptions options) {
        SnapshotTable snapshots = sourceListing.snapshotTable(source.name());
        ZfsObject targetDataset = targetListing.find(target.name()).filter(ZfsObject::isDataset).orElse(null);
        if (targetDataset == null) {
            int[] wanted = wanted(snapshots, -1, options);
            if (wanted.length == 0) {
                return skipped(source, target, "no snapshot to send: none matches the naming (take one with --snapshot-now)"
                        + refusedSnapshots(snapshots, -1, options));
            }
            return send(source, target, "new target: full send of " + snapshots.shortName(wanted[0])
                    + refusedSnapshots(snapshots, -1, options), StepDeriver.derive(source, target, snapshots, -1, wanted, false, null));
        }
        SnapshotTable targetSnapshots = targetListing.snapshotTable(target.name());
        CommonBase base = CommonBase.find(new GuidIndex(snapshots), targetSnapshots);
        BookmarkBase bookmark = BookmarkBase.find(sourceListing.bookmarksOf(source.name()), targetSnapshots, base);
        if (bookmark != null) {
            return planFromBookmark(source, target, snapshots, targetDataset, targetSnapshots, bookmark, options);
        }
        if (base == null) {
            return new DatasetPlan(source, target, DatasetAction.REFUSED, String.format("the target exists but shares no"
                    + " snapshot with the source (compared by GUID; %d target snapshots): destroy or rename the target,"
                    + " or choose another target root", targetSnapshots.size()), List.of());
        }
        String divergence = Divergence.check(targetDataset, targetSnapshots, base.targetIndex());
        int[] wanted = wanted(snapshots, base.sourceIndex(), options);
        String baseName = snapshots.shortName(base.sourceIndex());
        if (divergence != null && !options.allowRollback()) {
            return new DatasetPlan(source, target, DatasetAction.DIVERGED, divergence
                    + "; not sent: allow rollback to discard the target's changes", List.of());
        }
        String token = targetDataset.property(RESUME_TOKEN).orElse(null);
        if (wanted.length == 0 && (token == null || base.sourceIndex() + 1 >= snapshots.size())) {
            return new DatasetPlan(source, target, DatasetAction.UP_TO_DATE, "the target has " + baseName
                    + (divergence == null ? "" : "; " + divergence + " (not rolled back: nothing to send)")
                    + refusedSnapshots(snapshots, base.sourceIndex(), options), List.of());
        }
        if (wanted.length == 0) {
            // an interrupted receive of a snapshot the plan no longer sends: finish it, it is wanted by nothing else
            wanted = new int[] {base.sourceIndex() + 1};
        }
        String reason = (divergence == null ? "incremental from " + baseName
                : divergence + "; rollback allowed: the target is rolled back to " + baseName + " first")
                + refusedSnapshots(snapshots, base.sourceIndex(), options);
        return send(source, target, reason, StepDeriver.derive(source, target, snapshots, base.sourceIndex(), wanted,
                divergence != null, token));
    }

    /** A target whose newest base the source has only as a bookmark: incremental from the bookmark. */
    private static DatasetPlan planFromBookmark(DatasetName source, DatasetName target, SnapshotTable snapshots,
                                                ZfsObject targetDataset, SnapshotTable targetSnapshots,
                                                BookmarkBase bookmark, PlanOptions options) {
        String divergence = Divergence.check(targetDataset, targetSnapshots, bookmark.targetIndex());
        if (divergence != null && !options.allowRollback()) {
            return new DatasetPlan(source, target, DatasetAction.DIVERGED, divergence
                    + "; not sent: allow rollback to discard the target's changes", List.of());
        }
        String baseName = "#" + bookmark.bookmark().shortName() + " (a bookmark: the source no longer has the snapshot)";
        int before = bookmark.lastSnapshotBefore(snapshots);
        int[] wanted = wanted(snapshots, before, options);
        String token = targetDataset.property(RESUME_TOKEN).orElse(null);
        if (wanted.length == 0 && token != null && before + 1 < snapshots.size()) {
            wanted = new int[] {before + 1};
        }
        if (wanted.length == 0) {
            return new DatasetPlan(source, target, DatasetAction.UP_TO_DATE, "the target has " + baseName
                    + (divergence == null ? "" : "; " + divergence + " (not rolled back: nothing to send)")
                    + refusedSnapshots(snapshots, before, options), List.of());
        }
        String reason = (divergence == null ? "incremental from " + baseName
                : divergence + "; rollback allowed: the target is rolled back to " + baseName + " first")
                + refusedSnapshots(snapshots, before, options);
        return send(source, target, reason, StepDeriver.deriveFromBookmark(source, target, snapshots, bookmark.ref(),
                wanted, divergence != null, token));
    }

    /**
     * Indices of the snapshots after {@code base} that the plan sends. A snapshot whose name this
     * tool does not accept (a space) is not sent: a gap, which the steps skip with {@code -i}.
     */
    static int[] wanted(SnapshotTable snapshots, int base, PlanOptions options) {
        return IntStream.range(base + 1, snapshots.size())
                .filter(i -> options.sends(snapshots.shortName(i)) && accepted(snapshots, i)).toArray();
    }

    private static boolean accepted(SnapshotTable snapshots, int index) {
        return SnapshotName.refusal(DatasetName.of("p"), snapshots.shortName(index)).isEmpty();
    }

    /** "; not sent ..." naming the snapshots after {@code base} the plan would send but cannot name, or "". */
    static String refusedSnapshots(SnapshotTable snapshots, int base, PlanOptions options) {
        List<String> names = IntStream.range(base + 1, snapshots.size())
                .filter(i -> options.sends(snapshots.shortName(i)) && !accepted(snapshots, i))
                .mapToObj(i -> "@" + snapshots.shortName(i)).toList();
        return names.isEmpty() ? "" : "; not sent (a name this tool does not accept as input: letters, digits and "
                + "- _ . : only): " + String.join(", ", names);
    }

    private static DatasetPlan send(DatasetName source, DatasetName target, String reason, List<SendStep> steps) {
        return new DatasetPlan(source, target, DatasetAction.SEND, reason, steps);
    }

    private static DatasetPlan skipped(DatasetName source, DatasetName target, String reason) {
        return new DatasetPlan(source, target, DatasetAction.SKIPPED, reason, List.of());
    }
}
