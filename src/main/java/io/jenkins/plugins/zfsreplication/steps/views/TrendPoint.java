package io.jenkins.plugins.zfsreplication.steps.views;

import java.util.List;

/**
 * One build on the job page's trend: what every zfs step of that build did, summed. Computed from
 * the build's {@link ZfsReplicationAction} each time the trend is drawn, never stored, so it is a
 * record (XStream never sees it).
 *
 * @param build     the build number
 * @param transfers what its zfsSendRecv steps did
 * @param prunes    what its zfsPrune steps did
 * @param verifies  what its zfsVerify steps found
 * @param coverage  where its last zfsCoverage left the copy
 */
public record TrendPoint(int build, Transfers transfers, Prunes prunes, Verifies verifies, Coverage coverage) {

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

    /**
     * @param bytesSent       bytes every zfsSendRecv of the build sent
     * @param seconds         seconds those transfers took, summed
     * @param datasets        source datasets the transfers handled (counted per transfer), skipped ones too
     * @param stepsSkipped    send steps the transfers skipped
     * @param stepsFailed     send steps that failed
     */
    public record Transfers(long bytesSent, double seconds, int datasets, int stepsSkipped, int stepsFailed) {
        public Transfers {
            if (bytesSent < 0 || seconds < 0 || datasets < 0 || stepsSkipped < 0 || stepsFailed < 0) {
                throw new IllegalArgumentException("negative count in transfers: " + bytesSent + " bytes, " + seconds
                        + " s, " + datasets + " datasets, " + stepsSkipped + " skipped, " + stepsFailed + " failed");
            }
        }
    }

    /** Snapshots every zfsPrune destroyed (in a dry run: would have) and kept. */
    public record Prunes(int destroyed, int kept) {
        public Prunes {
            if (destroyed < 0 || kept < 0) {
                throw new IllegalArgumentException("negative count in prunes: " + destroyed + " pruned, " + kept
                        + " kept");
            }
        }
    }

    /** The worst verify verdict of the build and the chunks that differed, over every comparison. */
    public record Verifies(Verdict verdict, long differences) {
        public static final Verifies NONE = new Verifies(Verdict.NONE, 0);

        public Verifies {
            if (verdict == null) {
                throw new IllegalArgumentException("verdict is missing: use NONE");
            }
            if (differences < 0) {
                throw new IllegalArgumentException("negative count of differences: " + differences);
            }
        }
    }

    /**
     * @param percent    the bytes of the copy matched within N nights, in per cent, after the build's last
     *                   zfsCoverage; -1 when it ran none
     * @param ageSeconds since when its oldest byte had not matched, in seconds; -1 when it ran none
     */
    public record Coverage(double percent, long ageSeconds) {
        /** A build that ran no zfsCoverage. */
        public static final Coverage NONE = new Coverage(-1, -1);
    }

    public TrendPoint {
        if (build < 1) {
            throw new IllegalArgumentException("build number " + build + " is not positive");
        }
        if (transfers == null || prunes == null || verifies == null || coverage == null) {
            throw new IllegalArgumentException("build " + build + " misses a part: use NONE");
        }
    }

    /** The point of one build, from the records its steps left. */
    public static TrendPoint of(int build, ZfsReplicationAction action) {
        List<SendRecvRecord> transfers = action.getTransfers();
        List<PruneRecord> prunes = action.getPrunes();
        List<VerifyRecord> verifications = action.getVerifications();
        List<CoverageRecord> coverage = action.getCoverage();
        CoverageRecord last = coverage.isEmpty() ? null : coverage.get(coverage.size() - 1);
        return new TrendPoint(build,
                new Transfers(transfers.stream().mapToLong(SendRecvRecord::getBytes).sum(),
                        transfers.stream().mapToDouble(SendRecvRecord::getSeconds).sum(),
                        transfers.stream().mapToInt(SendRecvRecord::getDatasets).sum(),
                        transfers.stream().mapToInt(SendRecvRecord::getSkippedSteps).sum(),
                        transfers.stream().mapToInt(SendRecvRecord::getFailedSteps).sum()),
                new Prunes(prunes.stream().mapToInt(PruneRecord::getDestroyed).sum(),
                        prunes.stream().mapToInt(PruneRecord::getKept).sum()),
                new Verifies(verdict(verifications), verifications.stream().mapToLong(VerifyRecord::getDifferences).sum()),
                last == null ? Coverage.NONE
                        : new Coverage(Math.round(1000 * last.getRatio()) / 10.0, last.getAgeSeconds()));
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
        return transfers.seconds() > 0 ? transfers.bytesSent() / transfers.seconds() : 0;
    }
}
