package io.jenkins.plugins.zfsreplication.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.plan.Planner;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRun;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.ObjectType;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * The night's dry run of its plan: tonight as it would go, without taking tonight's snapshot. The
 * source's listing gets tonight's snapshot of every selected dataset as if it had been taken (newest,
 * a GUID no host has), and the planner plans against the target's real listing: each dataset's step
 * is the one the night would send (a full send the first night, incremental from the newest common
 * snapshot after). A step to a snapshot that exists is sized by {@code zfs send -nP}; one to
 * tonight's by what the source wrote since its base ({@code written@BASE}), or the dataset's
 * {@code referenced} for a full send: about what the stream will carry.
 */
final class NightPreview {
    private NightPreview() {
    }

    /** The plan tonight's night would make, sizes estimated; nothing is taken or written. */
    static ReplicationPlan plan(Zfs source, Zfs target, PlanOptions options, Instant now, Consumer<String> log) {
        String tonight = options.naming().name(now);
        Listing listed = new SnapshotRun(source, options.selection(), options.naming()).list();
        List<ZfsObject> objects = new ArrayList<>(listed.objects());
        long txg = objects.stream().mapToLong(ZfsObject::createtxg).max().orElse(0) + 1;
        long guid = -1;
        for (ZfsObject dataset : listed.datasets()) {
            String name = dataset.name() + "@" + tonight;
            if (options.selection().exclusionReason(dataset) == null && listed.find(name).isEmpty()) {
                // a GUID zfs does not give (it draws them at random from all 2^64): matches nothing on the target
                objects.add(new ZfsObject(name, ObjectType.SNAPSHOT, guid--, txg, now.getEpochSecond(), 0,
                        dataset.referenced(), Map.of()));
            }
        }
        Listing simulated = new Listing(listed.host(), objects);
        ListingText targetText = PlanRun.listTargetText(target, options.targetRoot(), log);
        ReplicationPlan plan = Planner.plan(simulated, targetText.parse(), options, now,
                targetText.unreadable().orElse(null));
        List<DatasetPlan> datasets = new ArrayList<>();
        for (DatasetPlan dataset : plan.datasets()) {
            long referenced = listed.find(dataset.source().name()).map(ZfsObject::referenced).orElse(-1L);
            datasets.add(dataset.withSteps(dataset.steps().stream()
                    .map(step -> step.withEstimatedBytes(size(source, step, tonight, referenced))).toList(), ""));
        }
        return plan.withDatasets(datasets);
    }

    private static long size(Zfs source, SendStep step, String tonight, long referenced) {
        try {
            if (!step.to().name().equals(tonight)) {
                return switch (step.kind()) {
                    case RESUME -> -1;
                    case INCREMENTAL_FROM_BOOKMARK -> source.estimateSendSizeFromBookmark(
                            step.source().snapshot(step.from().name()), step.toSnapshot());
                    case FULL, INCREMENTAL, INCREMENTAL_RANGE -> source.estimateSendSize(step.fromSnapshot(),
                            step.toSnapshot(), step.kind() == SendKind.INCREMENTAL_RANGE);
                };
            }
            if (step.kind() == SendKind.FULL) {
                return referenced;
            }
            if (step.fromSnapshot() == null || !source.capabilities().has(Feature.SEND_SIZE_ESTIMATE)) {
                // written@ came with send -nP (both OpenZFS, neither in zfs-fuse)
                return -1;
            }
            return Long.parseLong(source.property(step.source().name(), "written@" + step.from().name()).strip());
        } catch (ZfsException | NumberFormatException e) {
            return -1;
        }
    }

    /** One line per dataset: what tonight does to it and about how much it sends. */
    static List<String> describe(ReplicationPlan plan, String tonight) {
        List<String> lines = new ArrayList<>();
        lines.add("tonight, as the night would go (dry run: @" + tonight + " simulated, nothing taken, sent or written):");
        long all = 0;
        boolean allKnown = true;
        boolean firstNight = !plan.datasets().isEmpty();
        for (DatasetPlan dataset : plan.datasets()) {
            String head = "  " + dataset.source() + " -> " + dataset.target() + ": ";
            if (dataset.action() != DatasetAction.SEND || dataset.steps().isEmpty()) {
                firstNight = false;
                lines.add(head + dataset.action() + " (" + dataset.reason() + ")");
                continue;
            }
            SendStep first = dataset.steps().get(0);
            long total = 0;
            boolean known = true;
            for (SendStep step : dataset.steps()) {
                known &= step.estimatedBytes() >= 0;
                total += Math.max(0, step.estimatedBytes());
            }
            String size = known ? "about " + Sizes.human(total) : "size unknown";
            all += total;
            allKnown &= known;
            firstNight &= first.kind() == SendKind.FULL;
            String what = switch (first.kind()) {
                case FULL -> "full send (a new copy), " + size;
                case RESUME -> "resume the interrupted receive, then " + dataset.steps().size() + " step(s), " + size;
                case INCREMENTAL, INCREMENTAL_RANGE, INCREMENTAL_FROM_BOOKMARK -> "incremental from " + first.from().name()
                        + ", " + dataset.steps().size() + " step(s), " + size;
            };
            lines.add(head + what);
        }
        if (firstNight) {
            // before the first night no copy exists, so check would say CRITICAL: say what tonight does instead
            lines.add("first night: full send of " + (allKnown ? "about " + Sizes.human(all) : "a size zfs cannot estimate here")
                    + " (no copy yet; check is CRITICAL until this night has run)");
        }
        return lines;
    }
}
