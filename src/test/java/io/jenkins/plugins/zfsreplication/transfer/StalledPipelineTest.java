package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.Spawner;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

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
        Spawner.start(ProcessSite.local(), List.of(new StageCommand("source", List.of("sleep", "600")),
                new StageCommand("sink", List.of("cat"))), null, null, dir).forEach(pipeline::add);
        try {
            // cat itself: its metering shell's and setpriv's command lines name cat too, before they exec it
            long cat = -1;
            for (int i = 0; i < 400 && cat < 0; i++) {
                cat = io.jenkins.plugins.zfsreplication.zfs.TestProcesses.descendants()
                        .filter(handle -> Processes.cmdline(handle.pid()).equals("cat")).mapToLong(ProcessHandle::pid)
                        .findFirst().orElse(-1);
                Thread.sleep(cat < 0 ? 50 : 0);
            }
            Pattern source = Pattern.compile("source pid \\d+ S \\S+ \\(\\S*sleep 600\\)");
            Pattern sink = Pattern.compile("sink pid " + cat + " S \\S*pipe_read \\(\\S*cat\\)");
            String text = pipeline.waitingText();
            for (int i = 0; i < 200 && !(source.matcher(text).find() && sink.matcher(text).find()); i++) {
                // cat may still be starting (R), or asleep with its wait channel not yet set (0)
                Thread.sleep(50);
                text = pipeline.waitingText();
            }

            assertThat(text).containsPattern(source).containsPattern(sink);
        } finally {
            pipeline.destroy();
        }
        assertThat(pipeline.finished()).isTrue();
        assertThat(Processes.liveChildren()).isEmpty();
    }
}
