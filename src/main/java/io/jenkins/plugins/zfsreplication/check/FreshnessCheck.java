package io.jenkins.plugins.zfsreplication.check;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.CommonBase;
import io.jenkins.plugins.zfsreplication.plan.GuidIndex;
import io.jenkins.plugins.zfsreplication.plan.RefusedName;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.InvalidNameException;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * Judges freshness from one listing per host, without calling zfs. Per selected source dataset:
 * the newest snapshot on each side and the newest both have (same GUID: a renamed snapshot is
 * still the same one), the age of the copy's snapshot of it against the dataset's thresholds. Every
 * snapshot counts, whatever its name; the copy's time is the earlier of the one in the copy's name
 * (where it is of the naming) and the copy's {@code creation}: what the copy holds, not what the
 * source calls it now. A dataset that needs attention (a property value neither on nor off) is
 * WARNING at best; one that cannot be judged by name (a space, a target name past ZFS's limit) is
 * listed as not judged and makes the check WARNING. CRITICAL without a common snapshot (no snapshot on the source,
 * no target dataset, or a target that shares none): there is no backup to restore from.
 */
public final class FreshnessCheck {
    private FreshnessCheck() {
    }

    public static FreshnessReport check(Listing source, Listing target, CheckOptions options, Instant now) {
        List<DatasetFreshness> datasets = new ArrayList<>();
        List<RefusedName> notJudged = new ArrayList<>();
        for (ZfsObject dataset : source.datasets()) {
            Selection.Decision decision = options.selection().decide(dataset);
            if (decision.kind() == Selection.Kind.OUTSIDE || decision.kind() == Selection.Kind.EXCLUDED) {
                continue;
            }
            if (DatasetName.refusal(dataset.name()).isPresent()) {
                // a name ZFS allows and this tool refuses (a space) cannot be judged, nor fail anything else: WARNING
                notJudged.add(new RefusedName(dataset.name(), decision.reason()));
                continue;
            }
            DatasetName name = DatasetName.of(dataset.name());
            DatasetName targetName;
            try {
                targetName = options.targetOf(name);
            } catch (InvalidNameException e) {
                notJudged.add(new RefusedName(dataset.name(), "its target name is not a valid ZFS name: "
                        + e.getMessage()));
                continue;
            }
            DatasetFreshness judged = checkDataset(name, targetName, source, target, options, now);
            if (decision.kind() == Selection.Kind.ATTENTION) {
                // not sent by any plan until someone fixes it: never OK, however fresh the copy is today
                judged = new DatasetFreshness(judged.source(), judged.target(),
                        CheckStatus.worse(CheckStatus.WARNING, judged.status()), decision.reason() + "; "
                        + judged.reason(), judged.limits(), judged.newest());
            }
            datasets.add(judged);
        }
        return new FreshnessReport(now, source.host(), target.host(), options.thresholds().describe(), datasets,
                List.of(), notJudged);
    }

    static DatasetFreshness checkDataset(DatasetName source, DatasetName target, Listing sourceListing,
                                         Listing targetListing, CheckOptions options, Instant now) {
        long warn = options.thresholds().warnSeconds(source.name());
        long crit = options.thresholds().critSeconds(source.name());
        SnapshotNaming naming = options.naming();
        SnapshotTable sourceSnapshots = sourceListing.snapshotTable(source.name());
        boolean targetExists = targetListing.find(target.name()).filter(ZfsObject::isDataset).isPresent();
        SnapshotTable targetSnapshots = targetListing.snapshotTable(target.name());
        SnapshotAge newestSource = age(sourceSnapshots, sourceSnapshots.size() - 1, naming, now);
        SnapshotAge newestTarget = targetExists ? age(targetSnapshots, targetSnapshots.size() - 1, naming, now) : null;
        CommonBase common = targetExists ? CommonBase.find(new GuidIndex(sourceSnapshots), targetSnapshots) : null;
        // the copy's age is what the copy holds: its own snapshot of that GUID, its name and creation, never the
        // source's current name (a snapshot renamed on the source would make an old copy look new)
        SnapshotAge newestCommon = common == null ? null : copyAge(targetSnapshots, common.targetIndex(), naming, now);
        CheckStatus status;
        String reason;
        if (newestSource == null) {
            status = CheckStatus.CRITICAL;
            reason = "no snapshot on the source";
        } else if (!targetExists) {
            status = CheckStatus.CRITICAL;
            reason = "not on the target: " + target + " does not exist";
        } else if (newestCommon == null) {
            status = CheckStatus.CRITICAL;
            reason = String.format("the target shares no snapshot with the source (compared by GUID; %d target"
                    + " snapshots)", targetSnapshots.size());
        } else if (newestCommon.ageSeconds() < 0) {
            // a snapshot dated after this host's clock (a clock ahead, a name made by hand or by a hostile
            // source) would make the backup look fresh for as long as its date lies ahead: never OK
            status = CheckStatus.WARNING;
            reason = String.format("newest common snapshot @%s is dated in the future (%s after this host's clock): its"
                    + " age says nothing about the backup; check the clocks and the snapshot", newestCommon.name(),
                    Ages.format(-newestCommon.ageSeconds()));
        } else {
            long age = newestCommon.ageSeconds();
            status = age > crit ? CheckStatus.CRITICAL : age > warn ? CheckStatus.WARNING : CheckStatus.OK;
            reason = String.format("newest common snapshot @%s is %s old", newestCommon.name(), Ages.format(age))
                    + switch (status) {
                        case CRITICAL -> ", above the critical " + Ages.format(crit);
                        case WARNING -> ", above the warning " + Ages.format(warn);
                        case OK, UNKNOWN -> "";
                    };
        }
        return new DatasetFreshness(source, target, status, reason, new DatasetFreshness.Limits(warn, crit),
                new DatasetFreshness.Newest(newestCommon, newestSource, newestTarget));
    }

    /**
     * The age of the copy's snapshot: the earlier of the time in its name (where the name is of the
     * naming) and its {@code creation}, which {@code zfs recv} keeps from the sent snapshot. A name
     * can say a time later than the snapshot was made (renamed, or named so by a hostile source);
     * the earlier of the two never makes a copy look younger than it is.
     */
    private static SnapshotAge copyAge(SnapshotTable snapshots, int index, SnapshotNaming naming, Instant now) {
        String name = snapshots.shortName(index);
        Instant stamp = naming.timestampOf(name);
        Instant created = Instant.ofEpochSecond(snapshots.creation(index));
        Instant time = stamp != null && stamp.isBefore(created) ? stamp : created;
        return new SnapshotAge(name, Long.toUnsignedString(snapshots.guid(index)), time,
                now.getEpochSecond() - time.getEpochSecond());
    }

    private static SnapshotAge age(SnapshotTable snapshots, int index, SnapshotNaming naming, Instant now) {
        if (index < 0) {
            return null;
        }
        String name = snapshots.shortName(index);
        Instant stamp = naming.timestampOf(name);
        Instant time = stamp != null ? stamp : Instant.ofEpochSecond(snapshots.creation(index));
        return new SnapshotAge(name, Long.toUnsignedString(snapshots.guid(index)), time,
                now.getEpochSecond() - time.getEpochSecond());
    }
}
