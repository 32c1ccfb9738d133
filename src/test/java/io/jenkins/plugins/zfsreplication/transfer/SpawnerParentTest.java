package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.Spawner;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stages die with the JVM (a parent-death signal), yet not with the thread that started them: the
 * kernel sends that signal when the parent thread ends, and pool threads end all the time.
 */
class SpawnerParentTest {

    @Test
    void shouldOutliveTheThreadThatStartedIt(@TempDir Path dir) throws Exception {
        AtomicReference<List<RunningPipeline.Stage>> started = new AtomicReference<>();
        Thread starter = new Thread(() -> started.set(Spawner.start(ProcessSite.local(),
                List.of(new StageCommand("sleeper", List.of("sleep", "60")), new StageCommand("reader",
                        List.of("cat"))), null, null, dir)));
        starter.start();
        starter.join();
        // each stage is a metering shell that starts its command: wait until both commands run
        for (int i = 0; i < 200 && started.get().stream().anyMatch(stage -> stage.process().descendants().findAny()
                .isEmpty()); i++) {
            Thread.sleep(50);
        }
        List<ProcessHandle> processes = started.get().stream()
                .flatMap(stage -> java.util.stream.Stream.concat(java.util.stream.Stream.of(stage.process().toHandle()),
                        stage.process().descendants())).toList();
        try {
            Thread.sleep(1500);

            assertThat(processes).hasSize(4).allMatch(ProcessHandle::isAlive);
        } finally {
            processes.forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void shouldEndAStageWhoseMeteringShellIsKilled(@TempDir Path dir) throws Exception {
        RunningPipeline.Stage stage = Spawner.start(ProcessSite.local(),
                List.of(new StageCommand("sleeper", List.of("sleep", "60"))), null, null, dir).get(0);
        ProcessHandle sleeper = Processes.await("sleep 60");

        stage.process().destroyForcibly(); // SIGKILL of the shell alone

        assertThat(sleeper.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS).isAlive()).isFalse();
    }
}
