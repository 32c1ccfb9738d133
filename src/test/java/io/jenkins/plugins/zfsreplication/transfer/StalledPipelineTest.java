package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a stalled step reports: every live process of the pipeline with the kernel wait it sits in,
 * read from /proc, so that a hang names who waits on what instead of just timing out.
 */
class StalledPipelineTest {

    @Test
    void shouldNameTheKernelWaitOfEveryLiveProcess(@TempDir Path dir) throws Exception {
        RunningPipeline pipeline = new RunningPipeline();
        // a source that never writes and never ends: the sink waits in a pipe read for ever
        Spawner.start(Launcher.local(), List.of(new StageCommand("source", List.of("sleep", "600")),
                new StageCommand("sink", List.of("cat"))), null, null, dir).forEach(pipeline::add);
        try {
            long cat = Processes.await("cat").pid();
            String text = pipeline.waitingText();
            for (int i = 0; i < 200 && !text.contains("sink pid " + cat + " S "); i++) {
                Thread.sleep(50); // cat may still be starting (R) before it blocks in the read
                text = pipeline.waitingText();
            }

            assertThat(text).containsPattern("source pid \\d+ S \\S+ \\(\\S*sleep 600\\)")
                    .containsPattern("sink pid " + cat + " S \\S*pipe_read \\(\\S*cat\\)");
        } finally {
            pipeline.destroy();
        }
        assertThat(pipeline.finished()).isTrue();
        assertThat(Processes.liveChildren()).isEmpty();
    }
}
