package io.jenkins.plugins.zfsreplication.steps.views;

import java.util.List;

/**
 * One build on the job page's trend: what every zfs step of that build did, summed. Computed from
 * the build's {@link ZfsReplicationAction} each time the trend is drawn, never stored, so it is a
 * record (XStream never sees it).
 *
 * @param build            the build number
 * @param bytesSent        bytes every zfsSendRecv of the build sent
 * @param transferSeconds  seconds those transfers took, summed
 * @param datasets         source datasets the transfers handled (counted per transfer), skipped ones too
 * @param stepsSkipped     send steps the transfers skipped
 * @param stepsFailed      send steps that failed
 * @param snapshotsPruned  snapshots every zfsPrune destroyed (in a dry run: would have)
 * @param snapshotsKept    snapshots the prunes kept
 * @param verdict          the worst verify verdict of the build
 * @param differences      chunks that differed, over every comparison
 * @param coverage         the bytes of the copy matched within N nights, in per cent, after the build's last
 *                         zfsCoverage; -1 when it ran none
 * @param coverageAge      since when its oldest byte had not matched, in seconds; -1 when it ran none
 */
public record TrendPoint(int build, long bytesSent, double transferSeconds, int datasets, int stepsSkipped,
                         int stepsFailed, int snapshotsPruned, int snapshotsKept, Verdict verdict, long differences,
                         double coverage, long coverageAge) {

    /** The verdict of all comparisons of a build, worst first. */
    public enum Verdict {
        /** A comparison found a difference. */
        MISMATCH,
        /** Every comparison matched. */
        IDENTICAL,
        /** Manifests were written but nothing was compared. */
        HASHED,
        /** The build ran no zfsVerify. */
        NONE
    }

    public TrendPoint {
        if (build < 1) {
            throw new IllegalArgumentException("build number " + build + " is not positive");
        }
        if (verdict == null) {
            throw new IllegalArgumentException("verdict of build " + build + " is missing: use NONE");
        }
        if (bytesSent < 0 || transferSeconds < 0 || datasets < 0 || stepsSkipped < 0 || stepsFailed < 0
                || snapshotsPruned < 0 || snapshotsKept < 0 || differences < 0) {
            throw new IllegalArgumentException("build " + build + " has a negative count: " + bytesSent + " bytes, "
                    + transferSeconds + " s, " + snapshotsPruned + " pruned, " + differences + " differences");
        }
    }

    /** A point of a build that ran no zfsCoverage. */
    public TrendPoint(int build, long bytesSent, double transferSeconds, int datasets, int stepsSkipped,
                      int stepsFailed, int snapshotsPruned, int snapshotsKept, Verdict verdict, long differences) {
        this(build, bytesSent, transferSeconds, datasets, stepsSkipped, stepsFailed, snapshotsPruned, snapshotsKept,
                verdict, differences, -1, -1);
    }

    /** The point of one build, from the records its steps left. */
    public static TrendPoint of(int build, ZfsReplicationAction action) {
        List<SendRecvRecord> transfers = action.getTransfers();
        List<PruneRecord> prunes = action.getPrunes();
        List<VerifyRecord> verifications = action.getVerifications();
        List<CoverageRecord> coverage = action.getCoverage();
        CoverageRecord last = coverage.isEmpty() ? null : coverage.get(coverage.size() - 1);
        return new TrendPoint(build,
                transfers.stream().mapToLong(SendRecvRecord::getBytes).sum(),
                transfers.stream().mapToDouble(SendRecvRecord::getSeconds).sum(),
                transfers.stream().mapToInt(SendRecvRecord::getDatasets).sum(),
                transfers.stream().mapToInt(SendRecvRecord::getSkippedSteps).sum(),
                transfers.stream().mapToInt(SendRecvRecord::getFailedSteps).sum(),
                prunes.stream().mapToInt(PruneRecord::getDestroyed).sum(),
                prunes.stream().mapToInt(PruneRecord::getKept).sum(),
                verdict(verifications),
                verifications.stream().mapToLong(VerifyRecord::getDifferences).sum(),
                last == null ? -1 : Math.round(1000 * last.getRatio()) / 10.0, last == null ? -1 : last.getAgeSeconds());
    }

    private static Verdict verdict(List<VerifyRecord> verifications) {
        // a verify cut by an abort compared nothing and wrote no manifest: it has no verdict
        return verifications.stream().filter(v -> v.getCancelled() == null).map(v -> Verdict.valueOf(v.getVerdict()))
                .min(Enum::compareTo).orElse(Verdict.NONE);
    }

    /**
     * Average bytes per second of the build's transfers: all bytes over all their seconds (0 when
     * nothing was measured). Parallel transfers count their seconds each, so this is the rate one
     * transfer achieved on average, not the wall-clock rate of the build.
     */
    public double throughput() {
        return transferSeconds > 0 ? bytesSent / transferSeconds : 0;
    }
}
