package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import io.jenkins.plugins.zfsreplication.metrics.ReportMetrics;
import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.transfer.BaseHolds;
import io.jenkins.plugins.zfsreplication.transfer.StepResult;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;

/** What send, recv and run share: run the engine with signals wired to cancel, write the artifacts, summarise. */
final class TransferRun {
    private TransferRun() {
    }

    static int execute(CliEnvironment environment, SendRecvJob job, ReplicationPlan plan, Path artifacts)
            throws IOException {
        return execute(environment, job, plan, artifacts, null, null);
    }

    /**
     * The same, recording what the target received in {@code holds} (run --target-id) and adding the
     * run's bytes, seconds and step results to {@code metrics}; either may be null.
     */
    static int execute(CliEnvironment environment, SendRecvJob job, ReplicationPlan plan, Path artifacts,
                       BaseHolds holds, RunMetrics metrics) throws IOException {
        TransferReport report;
        try (CancelOnSignal signals = new CancelOnSignal(job::cancel)) {
            SendRecvJob.Result result = job.run(plan, artifacts, holds);
            report = result.report();
            if (metrics != null) {
                ReportMetrics.transfer(metrics, report);
            }
            List<Path> written = result.artifacts();
            for (StepResult step : report.steps()) {
                environment.out().printf("%-9s %s@%s -> %s  %d bytes  %.1f s%s%n",
                        step.outcome().name().toLowerCase(java.util.Locale.ROOT), step.step().source(),
                        step.step().to().name(), step.step().target(), step.measured().bytes(),
                        step.measured().seconds(), step.message().isEmpty() ? "" : "  " + step.message());
            }
            environment.out().printf("total: %d bytes in %d step(s)%n",
                    report.steps().stream().mapToLong(s -> s.measured().bytes()).sum(), report.steps().size());
            environment.out().println("artifacts: " + String.join(", ", written.stream().map(Path::toString).toList()));
            environment.out().flush();
        }
        if (!report.succeeded()) {
            environment.err().println("error: " + (report.cancelled() ? "cancelled: " : "") + report.firstError());
            environment.err().flush();
            return Main.FAILED;
        }
        return 0;
    }
}
