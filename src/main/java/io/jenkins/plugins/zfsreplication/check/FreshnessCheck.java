package io.jenkins.plugins.zfsreplication.check;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.CommonBase;
import io.jenkins.plugins.zfsreplication.plan.GuidIndex;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * Judges freshness from one listing per host, without calling zfs. Per selected source dataset:
 * the newest snapshot on each side and the newest both have (same GUID: a renamed snapshot is
 * still the same one), the age of that common snapshot against the dataset's thresholds. Every
 * snapshot counts, whatever its name; its time is the one in its name where the name is of the
 * naming, else its {@code creation}. CRITICAL without a common snapshot (no snapshot on the source,
 * no target dataset, or a target that shares none): there is no backup to restore from.
 */
public final class FreshnessCheck {
    private FreshnessCheck() {
    }

    public static FreshnessReport check(Listing source, Listing target, CheckOptions options, Instant now) {
        List<DatasetFreshness> datasets = new ArrayList<>();
        for (ZfsObject dataset : source.datasets()) {
            // a name ZFS allows and this tool refuses (a space) is not judged, and fails nothing else
            if (options.selection().exclusionReason(dataset) != null) {
                continue;
            }
            DatasetName name = DatasetName.of(dataset.name());
            if (options.selection().rootOf(name) == null) {
                continue;
            }
            datasets.add(checkDataset(name, options.targetOf(name), source, target, options, now));
        }
        return new FreshnessReport(now, source.host(), target.host(), options.thresholds().describe(), datasets);
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
        SnapshotAge newestCommon = common == null ? null : age(sourceSnapshots, common.sourceIndex(), naming, now);
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
                        default -> "";
                    };
        }
        return new DatasetFreshness(source, target, status, reason, warn, crit, newestCommon, newestSource,
                newestTarget);
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
