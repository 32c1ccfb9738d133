package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import hudson.AbortException;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.steps.shared.StepAbort;
import io.jenkins.plugins.zfsreplication.steps.views.SendRecvRecord;
import io.jenkins.plugins.zfsreplication.transfer.CutTransfer;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.TestProcesses;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * zfsSendRecv aborted in the middle of two rate-limited transfers on zfs-fuse, driven as its step
 * runs it ({@link StepAbort}): every pipeline process ends, the agent's side writes transfer.json
 * with the steps cancelled and not run (what the command line's run writes on SIGTERM,
 * {@code SignalCancelTest}), answers, and the step records that answer before it ends.
 */
@ExtendWith(ZfsTestBed.class)
class SendRecvAbortTest {
    private final ByteArrayOutputStream agentLog = new ByteArrayOutputStream();

    @Test
    void shouldEndEveryProcessWriteTransferJsonAndRecordItWhenAborted(TestPools pools, @TempDir Path workspace)
            throws Exception {
        CutTransfer transfer = new CutTransfer(pools, workspace.resolve("plan.json"));
        // 1 MiB/s through mbuffer, both datasets at once: the first steps take seconds, long enough to be cut
        SendRecvSettings settings = new SendRecvSettings("plan.json", "local", "", "", "out",
                TransferOptions.defaults().withBuffer(1 << 20, 1 << 20).withConcurrency(2));
        StepAbort<SendRecvSummary> step = StepAbort.start("zfsSendRecv", new SendRecvCallable(settings, listener(), null),
                workspace, answer -> answer.value().archiving(settings).record(settings, answer.aborted()));

        Object outcome = step.abortWhen(() -> CutTransfer.bothStreaming() && agentLog().contains("progress"),
                Duration.ofSeconds(60));

        assertThat((Throwable) outcome).isInstanceOf(AbortException.class).hasMessage("aborted by admin");
        assertThat(((Throwable) outcome).getSuppressed()).singleElement().isInstanceOf(InterruptedException.class)
                .hasFieldOrPropertyWithValue("message", "zfsSendRecv was aborted");
        assertThat(TestProcesses.descendants().map(p -> TestProcesses.cmdline(p.pid()))).isEmpty();
        JsonNode written = CutTransfer.read(workspace.resolve("out/transfer.json"));
        assertThat(written.path("result").asText()).isEqualTo("cancelled");
        assertThat(CutTransfer.steps(written)).isEqualTo(CutTransfer.STEPS_AFTER_THE_CUT);
        long sent = written.path("bytes").asLong();
        assertThat(sent).isLessThan(8 << 20);
        assertThat(workspace.resolve("out/throughput.csv")).isRegularFile();
        assertThat(workspace.resolve("out/throughput.svg")).isRegularFile();
        assertThat(transfer.targetDatasets()).containsExactly(transfer.target().name());

        SendRecvSummary summary = step.answer().value();
        assertThat(step.answer().aborted()).isTrue();
        assertThat(List.of(summary.succeeded(), summary.cancelled())).containsExactly(false, true);
        SendRecvRecord record = (SendRecvRecord) step.record();
        assertThat(List.of(record.isAborted(), record.isSucceeded())).containsExactly(true, false);
        assertThat(List.of(record.getDatasets(), record.getSteps(), record.getFailedSteps(), record.getSkippedSteps()))
                .containsExactly(2, 4, 0, 0);
        assertThat(record.getBytes()).isEqualTo(sent);
        // the first cut step in plan order, as transfer.json lists them
        assertThat(record.getError()).isEqualTo(transfer.source().resolve("alpha")
                + "@s1: cancelled; every process of the pipeline was ended");
        assertThat(record.getArtifacts()).containsExactly("out/transfer.json", "out/throughput.csv",
                "out/throughput.svg");
        assertThat(step.log()).contains("zfsSendRecv: aborted: waiting up to 120 s for the agent to end the work");
    }

    private String agentLog() {
        return agentLog.toString(StandardCharsets.UTF_8);
    }

    private TaskListener listener() {
        PrintStream stream = new PrintStream(agentLog, true, StandardCharsets.UTF_8);
        return () -> stream;
    }
}
