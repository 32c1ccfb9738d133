package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.Spawner;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step's watcher is woken by the end of a stage and by the receiving side's verdict, not by a
 * clock: each wait below is an hour long, so a wait that only a tick ends would fail the timeout.
 */
class PipelineEndTest {
    private static final long AN_HOUR = TimeUnit.HOURS.toMillis(1);

    @Test
    @Timeout(60)
    void shouldWakeWhenTheStagesEnd(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        RunningPipeline pipeline = pipeline(dir, Redirect.to(out.toFile()));
        while (!pipeline.finished()) {
            pipeline.awaitChange(AN_HOUR);
        }

        assertThat(pipeline.failed()).isFalse();
        assertThat(Files.readString(out)).isEqualTo("night");
    }

    @Test
    @Timeout(60)
    void shouldWakeWhenTheRemoteVerdictComes(@TempDir Path dir) throws Exception {
        RunningPipeline pipeline = pipeline(dir, null);
        CompletableFuture<String> verdict = new CompletableFuture<>();
        pipeline.expectRemote(verdict);
        while (pipeline.stages().stream().anyMatch(stage -> stage.process().isAlive())) {
            pipeline.awaitChange(AN_HOUR);
        }
        assertThat(pipeline.finished()).isFalse();

        CompletableFuture.runAsync(() -> verdict.complete("cannot receive: out of space"),
                CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS));
        pipeline.awaitChange(AN_HOUR);

        assertThat(pipeline.finished()).isTrue();
        assertThat(pipeline.failed()).isTrue();
        assertThat(pipeline.failureText()).isEqualTo("the receiving side: cannot receive: out of space");
    }

    private static RunningPipeline pipeline(Path dir, Redirect out) {
        RunningPipeline pipeline = new RunningPipeline();
        Spawner.start(ProcessSite.local(), List.of(new StageCommand("writer", List.of("printf", "night")),
                new StageCommand("reader", List.of("cat"))), null, out, dir).forEach(pipeline::add);
        return pipeline;
    }
}
