package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pipeline stage refused by ZFS names the zfs allow grant in the transfer's error. The refusal
 * text is a FIXTURE TRANSCRIBED FROM THE OPENZFS SOURCES ("cannot receive new filesystem stream"
 * in libzfs_sendrecv.c, ": permission denied" from zfs_common_error in libzfs_util.c): zfs-fuse
 * does not enforce delegation, so no real zfs recv can be refused here. The stage's process is real.
 */
class StageFailureHintTest {
    @Test
    void shouldAddTheGrantToARefusedZfsRecvStage(@TempDir Path dir) throws Exception {
        Path stderr = Files.writeString(dir.resolve("recv.err"), "cannot receive new filesystem stream: permission denied\n");
        Process failed = new ProcessBuilder("sh", "-c", "exit 1").start();
        failed.waitFor();
        String user = System.getProperty("user.name");

        String text = RunningPipeline.describeFailure(new RunningPipeline.Stage("zfs recv",
                List.of("ip", "netns", "exec", "b", "zfs", "recv", "-s", "backup/tank/data"), failed, stderr));

        assertThat(text).isEqualTo("zfs recv exited 1: cannot receive new filesystem stream: permission denied. user '"
                + user + "' lacks the delegated ZFS permissions receive,create,mount for 'zfs recv'; as root run: "
                + "zfs allow -u " + user + " receive,create,mount backup/tank");
    }

    @Test
    void shouldAddNothingToAStageThatIsNotZfs(@TempDir Path dir) throws Exception {
        Path stderr = Files.writeString(dir.resolve("socat.err"), "E connect(5, AF=2 10.0.0.2:1, 16): Permission denied\n");
        Process failed = new ProcessBuilder("sh", "-c", "exit 1").start();
        failed.waitFor();

        assertThat(RunningPipeline.describeFailure(new RunningPipeline.Stage("socat connect",
                List.of("socat", "-u", "STDIN", "TCP:10.0.0.2:1"), failed, stderr)))
                .isEqualTo("socat connect exited 1: E connect(5, AF=2 10.0.0.2:1, 16): Permission denied");
    }
}
