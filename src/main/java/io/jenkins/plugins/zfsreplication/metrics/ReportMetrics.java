package io.jenkins.plugins.zfsreplication.metrics;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.jenkins.plugins.zfsreplication.check.CheckStatus;
import io.jenkins.plugins.zfsreplication.check.CoverageAge;
import io.jenkins.plugins.zfsreplication.check.DatasetFreshness;
import io.jenkins.plugins.zfsreplication.check.FreshnessReport;
import io.jenkins.plugins.zfsreplication.check.SnapshotAge;
import io.jenkins.plugins.zfsreplication.coverage.CoverageSummary;
import io.jenkins.plugins.zfsreplication.coverage.NightReport;
import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.prune.Decision;
import io.jenkins.plugins.zfsreplication.prune.PruneDecision;
import io.jenkins.plugins.zfsreplication.prune.PruneReport;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.StepResult;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.verify.VerifyResult;

import static io.jenkins.plugins.zfsreplication.metrics.RunMetrics.labels;

/**
 * What each command's report says, as metrics (docs/guide.md, "Monitoring", lists them). Label
 * values are lower case names of the engine's enums; {@code dataset} is the source dataset.
 */
public final class ReportMetrics {
    private ReportMetrics() {
    }

    /** plan: datasets per action, steps and estimated bytes per kind. */
    public static RunMetrics plan(RunMetrics metrics, ReplicationPlan plan) {
        for (DatasetAction action : DatasetAction.values()) {
            metrics.gauge("plan_datasets", "Datasets in the last plan, by what the plan does with them.",
                    labels("action", name(action)), plan.datasets().stream().filter(d -> d.action() == action).count());
        }
        List<DatasetAccount> accounts = DatasetAccount.of(plan);
        for (DatasetOutcome outcome : DatasetOutcome.values()) {
            if (outcome != DatasetOutcome.FAILED) {
                metrics.gauge("plan_datasets_accounted", "Datasets under the last plan's roots, by how the plan accounts"
                        + " for them (sent: to send).", labels("outcome", outcome.jsonName()),
                        DatasetAccount.count(accounts, outcome));
            }
        }
        for (SendKind kind : SendKind.values()) {
            metrics.gauge("plan_steps", "Send steps in the last plan, by kind.", labels("kind", name(kind)),
                    plan.steps().stream().filter(s -> s.kind() == kind).count());
        }
        for (DatasetPlan dataset : plan.datasets()) {
            long estimated = 0;
            for (SendStep step : dataset.steps()) {
                estimated += Math.max(0, step.estimatedBytes());
            }
            metrics.gauge("plan_estimated_bytes", "Bytes the last plan's steps are estimated to send (0 where zfs"
                    + " cannot estimate).", labels("dataset", dataset.source().name()), estimated);
        }
        return metrics;
    }

    /** night: how many datasets of the selection came out how, and each dataset's outcome. */
    public static RunMetrics night(RunMetrics metrics, List<DatasetAccount> accounts) {
        for (DatasetOutcome outcome : DatasetOutcome.values()) {
            metrics.gauge("night_datasets", "Datasets of the selection in the last night, by outcome (sent, current,"
                    + " excluded, attention, failed).", labels("outcome", outcome.jsonName()),
                    DatasetAccount.count(accounts, outcome));
        }
        for (DatasetAccount account : accounts) {
            for (DatasetOutcome outcome : DatasetOutcome.values()) {
                metrics.gauge("night_dataset_outcome", "1 for the outcome each dataset had in the last night, else 0.",
                        labels("dataset", account.dataset(), "outcome", outcome.jsonName()),
                        account.outcome() == outcome ? 1 : 0);
            }
        }
        return metrics;
    }

    /** run: bytes, seconds and step results per dataset and step kind. */
    public static RunMetrics transfer(RunMetrics metrics, TransferReport report) {
        for (StepResult step : report.steps()) {
            Map<String, String> labels = labels("dataset", step.step().source().name(), "kind", name(step.step().kind()));
            metrics.count("sent_bytes_total", "Bytes of zfs send streams received, by dataset and step kind.", labels,
                    step.measured().bytes());
            metrics.count("send_seconds_total", "Seconds spent in send steps, by dataset and step kind.", labels,
                    step.measured().seconds());
            Map<String, String> withResult = new TreeMap<>(labels);
            withResult.put("result", name(step.outcome()));
            metrics.count("steps_total", "Send steps, by dataset, step kind and result.", withResult, 1);
        }
        for (StepOutcome outcome : StepOutcome.values()) {
            metrics.gauge("last_run_steps", "Send steps of the last run, by result.", labels("result", name(outcome)),
                    report.steps().stream().filter(s -> s.outcome() == outcome).count());
        }
        return metrics;
    }

    /** prune: what retention kept and destroyed (or, in a dry run, would destroy), per side and dataset. */
    public static RunMetrics prune(RunMetrics metrics, PruneReport report) {
        Map<String, long[]> counts = new TreeMap<>();
        for (PruneDecision decision : report.decisions()) {
            long[] count = counts.computeIfAbsent(decision.side().label() + "\n" + decision.dataset(), k -> new long[4]);
            count[decision.verdict().decision().ordinal()]++;
            count[3] += decision.verdict().destroyed() ? 1 : 0;
        }
        counts.forEach((key, count) -> {
            int cut = key.indexOf('\n');
            Map<String, String> labels = labels("side", key.substring(0, cut), "dataset", key.substring(cut + 1));
            metrics.gauge("snapshots_kept", "Candidate snapshots the last prune kept, by side and dataset.", labels,
                    count[Decision.KEEP.ordinal()]);
            metrics.gauge("snapshots_to_destroy", "Candidate snapshots the last prune's rules destroy (in a dry run:"
                    + " would destroy), by side and dataset.", labels, count[Decision.DESTROY.ordinal()]);
            metrics.count("snapshots_destroyed_total", "Snapshots really destroyed, by side and dataset.", labels,
                    count[3]);
        });
        metrics.gauge("prune_dry_run", "1 when the last prune was a dry run.", Map.of(), report.dryRun() ? 1 : 0);
        metrics.gauge("prune_snapshots_not_sent", "Snapshots the last prune dropped from the plan.", Map.of(),
                report.notSent().snapshots());
        metrics.gauge("prune_errors", "Destroys that failed in the last prune.", Map.of(), report.errors().size());
        return metrics;
    }

    /** verify: bytes covered, read and skipped as holes, seconds. */
    public static RunMetrics verify(RunMetrics metrics, VerifyResult result) {
        Map<String, String> labels = labels("target", result.target());
        metrics.count("verify_read_bytes_total", "Bytes verify read and hashed.", labels, result.dataBytes());
        metrics.count("verify_hole_bytes_total", "Bytes verify covered as holes, without reading them.", labels,
                result.holeBytes());
        metrics.count("verify_logical_bytes_total", "Logical bytes verify covered.", labels, result.bytes());
        metrics.count("verify_seconds_total", "Seconds spent verifying.", labels, result.seconds());
        return metrics;
    }

    /** compare: the verdict and how many differences. */
    public static RunMetrics compare(RunMetrics metrics, boolean identical, long differences) {
        metrics.gauge("verify_identical", "1 when the last comparison of two manifests found them identical.",
                Map.of(), identical ? 1 : 0);
        metrics.gauge("verify_differences", "Differences the last comparison of two manifests found.", Map.of(),
                differences);
        return metrics;
    }

    /** check: the status per dataset and the times of its newest snapshots (alert on {@code time() - x}). */
    public static RunMetrics check(RunMetrics metrics, FreshnessReport report) {
        metrics.gauge("check_status", "The last check's overall status: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.",
                Map.of(), report.status().exitStatus());
        for (DatasetFreshness dataset : report.datasets()) {
            String name = dataset.source().name();
            metrics.gauge("dataset_check_status", "The last check's status per dataset: 0 OK, 1 WARNING, 2 CRITICAL.",
                    labels("dataset", name), dataset.status().exitStatus());
            time(metrics, "newest_common_snapshot_timestamp_seconds", "When the newest snapshot both source and"
                    + " target have was taken.", labels("dataset", name), dataset.newestCommon());
            time(metrics, "newest_snapshot_timestamp_seconds", "When the newest snapshot on each side was taken.",
                    labels("dataset", name, "side", "source"), dataset.newestSource());
            time(metrics, "newest_snapshot_timestamp_seconds", "When the newest snapshot on each side was taken.",
                    labels("dataset", name, "side", "target"), dataset.newestTarget());
            metrics.gauge("warn_age_seconds", "The age above which the check warns, per dataset.",
                    labels("dataset", name), dataset.warnSeconds());
            metrics.gauge("crit_age_seconds", "The age above which the check is critical, per dataset.",
                    labels("dataset", name), dataset.critSeconds());
        }
        for (CoverageAge age : report.coverage()) {
            Map<String, String> labels = labels("dataset", age.dataset());
            metrics.gauge("dataset_coverage_status", "The last check's coverage status per dataset of the copy: 0 OK,"
                    + " 1 WARNING, 2 CRITICAL.", labels, age.status().exitStatus());
            if (age.oldest() != null) {
                metrics.gauge("coverage_oldest_match_timestamp_seconds", "When the dataset's oldest byte last matched"
                        + " the source (never matched: when it was first seen).", labels, age.oldest().getEpochSecond());
            }
            metrics.gauge("coverage_ratio", "Bytes of the copy matched within N nights over all, per dataset.", labels,
                    age.ratio());
            metrics.gauge("coverage_warn_age_seconds", "The coverage age above which the check warns.", labels,
                    age.warnSeconds());
            metrics.gauge("coverage_crit_age_seconds", "The coverage age above which the check is critical.", labels,
                    age.critSeconds());
        }
        return metrics;
    }

    /**
     * coverage: what the night checked, against its budget; per dataset of the copy its bytes, those
     * matched within N nights and when its oldest byte last matched (alert on {@code time() - x}); the
     * findings by kind and whether the guarantee holds.
     */
    public static RunMetrics coverage(RunMetrics metrics, NightReport report) {
        metrics.count("coverage_checked_bytes_total", "Logical bytes of the chunks coverage checked.", Map.of(),
                report.slice().checkedBytes());
        metrics.count("coverage_read_bytes_total", "Bytes coverage read (holes are not).", Map.of(), report.slice().readBytes());
        metrics.gauge("coverage_budget_bytes", "The last night's byte budget (0: none, what keeps the guarantee).",
                Map.of(), report.basis().budgetBytes());
        metrics.gauge("coverage_slice_bytes", "What the last night was to read at most.", Map.of(),
                report.slice().plan().sliceBytes());
        metrics.gauge("coverage_work_bytes", "The bytes of one full round of reading (every own range).", Map.of(),
                report.slice().plan().workBytes());
        metrics.gauge("coverage_nights", "N: every byte is to be matched within this many nights.", Map.of(),
                report.basis().nights());
        if (report.guarantee().keepableNights() != null) {
            metrics.gauge("coverage_keepable_nights", "The nights within which the budget re-reads every byte.",
                    Map.of(), report.guarantee().keepableNights());
        }
        metrics.gauge("coverage_overdue_bytes", "Bytes not matched within N nights after the last night.", Map.of(),
                report.guarantee().overdueBytes());
        for (String kind : List.of("chunk", "unreadable", "missing", "extra", "size", "guid", "manifest")) {
            metrics.gauge("coverage_findings", "What the last night found wrong, by kind.", labels("kind", kind),
                    report.found().listed().stream().filter(f -> f.kind().equals(kind)).count());
        }
        coverage(metrics, report.coverage());
        return metrics;
    }

    /** Per dataset of the copy: bytes, matched bytes, and when the oldest byte last matched. */
    public static RunMetrics coverage(RunMetrics metrics, CoverageSummary coverage) {
        for (CoverageSummary.DatasetCoverage dataset : coverage.datasets()) {
            Map<String, String> labels = labels("dataset", dataset.dataset());
            metrics.gauge("coverage_bytes", "Logical bytes of the copy's retained snapshots, per dataset.", labels,
                    dataset.bytes());
            metrics.gauge("coverage_matched_bytes", "Of them, matched with the source within N nights.", labels,
                    dataset.matchedBytes());
            metrics.gauge("coverage_bad_bytes", "Of them, last found to differ or unreadable.", labels,
                    dataset.badBytes());
            metrics.gauge("coverage_ratio", "Bytes of the copy matched within N nights over all, per dataset.", labels,
                    dataset.ratio());
            if (dataset.oldest() != null) {
                metrics.gauge("coverage_oldest_match_timestamp_seconds", "When the dataset's oldest byte last matched"
                        + " the source (never matched: when it was first seen).", labels,
                        dataset.oldest().getEpochSecond());
            }
        }
        return metrics;
    }

    /** UNKNOWN: the check could not look. */
    public static RunMetrics checkUnknown(RunMetrics metrics) {
        return metrics.gauge("check_status", "The last check's overall status: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.",
                Map.of(), CheckStatus.UNKNOWN.exitStatus());
    }

    private static void time(RunMetrics metrics, String name, String help, Map<String, String> labels, SnapshotAge age) {
        if (age != null) {
            metrics.gauge(name, help, labels, age.time().getEpochSecond());
        }
    }

    private static String name(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
