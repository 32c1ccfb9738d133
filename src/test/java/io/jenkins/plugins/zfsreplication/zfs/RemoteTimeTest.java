package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.transfer.SshServer;

/**
 * Whose clock {@link Zfs#remoteTime} asks is decided by how the zfs was made (an end over ssh or this
 * host), never by the runner's name: a host called "local", reached over ssh through a real sshd, is
 * asked; this host's zfs under any name is not.
 */
class RemoteTimeTest {
    @TempDir
    Path folder;

    @Test
    void shouldAskTheClockOfAHostCalledLocalReachedOverSsh() throws Exception {
        try (SshServer sshd = SshServer.onLoopback(folder)) {
            List<String> options = new ArrayList<>(sshd.clientOptions());
            // "local" is only the name; the address is the sshd's, its host key checked under that address
            options.addAll(List.of("-o", "HostName=" + sshd.address(), "-o",
                    "HostKeyAlias=[" + sshd.address() + "]:" + sshd.clientOptions().get(1)));
            RecordingRunner local = new RecordingRunner(new ProcessCommandRunner());
            Zfs zfs = new End.OverSsh("local", options).zfs(local);
            Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);

            HostTime time = zfs.remoteTime().orElseThrow();

            Instant after = Instant.now();
            assertThat(time.host()).isEqualTo("local");
            assertThat(time.time()).isBetween(before, after);
            assertThat(local.commands()).hasSize(1);
            List<String> ssh = local.commands().get(0);
            assertThat(ssh.get(0)).isEqualTo("ssh");
            assertThat(ssh.subList(ssh.size() - 3, ssh.size())).containsExactly("local", "--",
                    SshCommandRunner.quote(List.of("date", "-u", "+%s")));
        }
    }

    @Test
    void shouldNotAskThisHostsClockWhateverItsRunnerIsCalled() {
        RecordingRunner recording = new RecordingRunner(new ProcessCommandRunner());
        CommandRunner named = new CommandRunner() {
            @Override
            public CommandResult run(List<String> command, Duration timeout) {
                return recording.run(command, timeout);
            }

            @Override
            public String host() {
                return "storage-b";
            }
        };

        assertThat(new Zfs(named).remoteTime()).isEmpty();
        assertThat(new Zfs(named, Duration.ofSeconds(5)).remoteTime()).isEmpty();
        assertThat(recording.commands()).isEmpty();
    }
}
