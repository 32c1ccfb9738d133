package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings.Hashing;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.steps.prune.PruneCallable;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.SendRecvCallable;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.SendRecvSettings;
import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.StepResult;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Step records for trend tests, made by the records' own constructors from what the engine and the
 * callables return (a transfer report summarised by {@link SendRecvCallable#summary}, a prune
 * summary, a verify outcome), and builds that carry them.
 */
final class TrendFixtures {
    static final long MIB = 1L << 20;
    private static final Instant START = Instant.parse("2026-11-30T01:00:00Z");

    private TrendFixtures() {
    }

    /** A zfsSendRecv that sent one full stream per dataset ({@code bytes[i]} to dataset i) in {@code millis}. */
    static SendRecvRecord transfer(long millis, long... bytes) {
        List<StepResult> results = new ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            results.add(result(i, StepOutcome.OK, bytes[i]));
        }
        return transfer(millis, results);
    }

    static SendRecvRecord transfer(long millis, List<StepResult> results) {
        TransferReport report = new TransferReport(START, START.plusMillis(millis), "local", 2, List.of(), results, List.of());
        return SendRecvCallable.summary(report, List.of("out/transfer.json", "out/throughput.svg"))
                .record(new SendRecvSettings("plan.json", "local", "", "", "out",
                        TransferOptions.defaults().withBuffer(1 << 20, 0)), false);
    }

    static StepResult result(int dataset, StepOutcome outcome, long bytes) {
        SendStep step = new SendStep(DatasetName.of("tank/d" + dataset), DatasetName.of("backup/d" + dataset),
                SendKind.FULL, null, new SnapshotRef("s1", 1, 1, 1), null, false, -1);
        return new StepResult(step, outcome, List.of(), new StepResult.Measured(START, 1.0, bytes), "", List.of(),
                List.of());
    }

    static PruneRecord prune(int destroyed, int kept) {
        return new PruneCallable.Summary("", false, List.of(),
                new PruneCallable.Summary.Counts(false, destroyed, kept, 0, 0), null, null)
                .record(List.of("prune-report.json"), false);
    }

    /** A zfsVerify; {@code differences} null means no reference manifest was given (HASHED). */
    static VerifyRecord verify(Long differences) {
        boolean compared = differences != null;
        long found = compared ? differences : 0;
        VerifyRun.Figures figures = new VerifyRun.Figures(1, 6 * MIB, 2 * MIB, 6, 0.5, found);
        VerifyRun.Outcome outcome = new VerifyRun.Outcome(List.of(), "", compared ? found == 0 : null,
                "", List.of(), List.of(), figures, null);
        VerifySettings settings = new VerifySettings("disk.img", "copy", new Hashing("1M", 1, "xxh64", "auto", 1),
                compared ? "source.manifest" : null, false);
        return new VerifyRecord(settings.target(), settings.compareWith(), settings.name(), outcome, false);
    }

    /** A zfsCoverage night that left {@code ratio} of the copy matched, its oldest match {@code ageSeconds} old. */
    static CoverageRecord coverage(double ratio, long ageSeconds) {
        return new CoverageRecord(new CoverageRecord.Texts("coverage backup: ...", "matched", "OK", null, null),
                new CoverageRecord.Figures(ratio, ageSeconds, 40 * MIB, 40 * MIB, 0, 0, 7), List.of(), List.of("coverage-ledger.json", "coverage-night.json"));
    }

    static ZfsReplicationAction action(StepRecord... records) {
        ZfsReplicationAction action = new ZfsReplicationAction();
        for (StepRecord record : records) {
            action.add(record);
        }
        return action;
    }

    /** A build of a job, as the trend walks it; {@code action} null for a build that ran no zfs step. */
    record Build(int number, ZfsReplicationAction action, Build previous) {
    }

    static final ZfsReplicationTrend.Builds<Build> BUILDS = new ZfsReplicationTrend.Builds<>() {
        @Override
        public Build previous(Build build) {
            return build.previous();
        }

        @Override
        public int number(Build build) {
            return build.number();
        }

        @Override
        public ZfsReplicationAction action(Build build) {
            return build.action();
        }
    };

    /** Builds 1..n, build i carrying {@code actions.get(i - 1)}; returns the newest. */
    static Build history(List<ZfsReplicationAction> actions) {
        return history(1, actions);
    }

    /** Builds numbered from {@code first}, one per action; returns the newest. */
    static Build history(int first, List<ZfsReplicationAction> actions) {
        Build build = null;
        for (int i = 0; i < actions.size(); i++) {
            build = new Build(first + i, actions.get(i), build);
        }
        return build;
    }

    /**
     * Two weeks of a nightly job replicating three datasets (builds 41 to 54), for the guide's
     * image: build 45 failed before its zfs steps, 46 pruned a backlog after retention went from 14 to 11
     * days, 49 lost a send step and its verify found differences, 50 re-sent the dataset in full, 41
     * hashed without a reference manifest. zfsCoverage starts with build 47 and has read the whole copy
     * by 50; 49's finds the difference as well, so its coverage drops.
     */
    static ZfsReplicationTrend sample() {
        long[] mib = {2100, 1800, 2400, 1900, 0, 2600, 2200, 2000, 1500, 5200, 2300, 2100, 2500, 2250};
        long[] millis = {21_000, 19_500, 23_000, 20_000, 0, 26_500, 21_000, 20_500, 19_000, 44_000, 22_000, 20_000,
            24_500, 21_500};
        int[] pruned = {3, 3, 3, 3, 0, 12, 3, 3, 3, 3, 3, 3, 3, 3};
        List<ZfsReplicationAction> actions = new ArrayList<>();
        for (int i = 0; i < mib.length; i++) {
            if (mib[i] == 0) {
                actions.add(null);
                continue;
            }
            long third = mib[i] * MIB / 3;
            SendRecvRecord sent = i == 8
                    ? transfer(millis[i], List.of(result(0, StepOutcome.OK, third), result(1, StepOutcome.OK, third),
                            result(2, StepOutcome.FAILED, mib[i] * MIB - 2 * third)))
                    : transfer(millis[i], third, third, mib[i] * MIB - 2 * third);
            ZfsReplicationAction action = action(prune(pruned[i], i < 5 ? 42 : 33), sent,
                    verify(i == 0 ? null : i == 8 ? 4L : 0L));
            if (i >= 6) {
                action.add(coverage(i == 6 ? 0.35 : i == 7 ? 0.7 : i == 8 ? 0.97 : 1.0, (i - 6 + 1) * 86_400L));
            }
            actions.add(action);
        }
        return ZfsReplicationTrend.collect(history(41, actions), BUILDS, ZfsReplicationTrend.MAX_BUILDS);
    }
}
