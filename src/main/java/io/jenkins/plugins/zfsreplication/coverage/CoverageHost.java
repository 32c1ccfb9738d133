package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.verify.CopyCheck;
import io.jenkins.plugins.zfsreplication.verify.SnapshotDelta;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.nio.file.Path;
import java.util.List;

/**
 * A port: the host that holds the copy, as a night of coverage needs it. {@link ZfsCoverageHost}
 * is the real one (zfs, the files of the snapshots); tests put a simulated copy behind it to run
 * the night's decisions over months of nights.
 */
public interface CoverageHost {
    /** The host's name, for the report. */
    String host();

    /** Every snapshot of every file system and volume at or below {@code root}, in one listing. */
    List<CopySnapshot> snapshots(DatasetName root);

    /** Which chunks of {@code later} are {@code earlier}'s blocks (both of one dataset), by the source's two manifests. */
    SnapshotDelta.Result delta(CopySnapshot earlier, Path earlierManifest, CopySnapshot later, Path laterManifest);

    /** Reads {@code ranges} of the snapshot and compares them with its source manifest. */
    CopyCheck.Result check(CopySnapshot snapshot, Path manifest, List<CopyCheck.Range> ranges, boolean listing,
                           long deadlineNanos);

    /** A restore drill of the snapshot into {@code scratch}, its files written into {@code artifacts}. */
    DrillRecord drill(CopySnapshot snapshot, Path manifest, DatasetName scratch, Path artifacts);
}
