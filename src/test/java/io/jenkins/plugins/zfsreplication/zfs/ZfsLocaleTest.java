package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * zfs and zpool run in the C locale wherever their text is read, whatever the caller's locale: a
 * program named zfs (a script that prints the locale it was given) sees LC_ALL=C when this host's
 * runner starts it, another program keeps the caller's; on another host the command is
 * {@code env LC_ALL=C zfs ...}, which the shell there runs as written.
 */
class ZfsLocaleTest {
    private static final Duration MINUTE = Duration.ofMinutes(1);

    @TempDir
    Path dir;

    @Test
    void shouldRunZfsAndZpoolInTheCLocaleAndNothingElse() throws IOException {
        Path zfs = script("zfs");
        Path zpool = script("zpool");
        Path other = script("other");
        ProcessCommandRunner runner = new ProcessCommandRunner();

        assertThat(runner.run(List.of(zfs.toString(), "list"), MINUTE).stdout()).isEqualTo("LC_ALL=C\n");
        assertThat(runner.run(List.of(zpool.toString(), "status"), MINUTE).stdout()).isEqualTo("LC_ALL=C\n");
        assertThat(runner.run(List.of(other.toString()), MINUTE).stdout())
                .isEqualTo("LC_ALL=" + System.getenv().getOrDefault("LC_ALL", "") + "\n");
    }

    @Test
    void shouldRunZfsOnAnotherHostThroughEnvInTheCLocale() {
        // the line ssh hands the remote shell, run here by a shell as sshd would run it
        Path zfs = dir.resolve("zfs");
        String line = SshCommandRunner.quote(ZfsLocale.remote(List.of(zfs.toString(), "list")));
        assertThat(line).isEqualTo("'env' 'LC_ALL=C' '" + zfs + "' 'list'");
        assertThat(ZfsLocale.remote(List.of("cat", "/etc/hostname"))).containsExactly("cat", "/etc/hostname");
    }

    @Test
    void shouldGiveTheRemoteShellACommandThatSetsTheLocale() throws IOException {
        Path zfs = script("zfs");
        String line = SshCommandRunner.quote(ZfsLocale.remote(List.of(zfs.toString(), "list")));

        CommandResult result = new ProcessCommandRunner().run(List.of("env", "-u", "LC_ALL", "LANG=de_DE.UTF-8",
                "sh", "-c", line), MINUTE);

        assertThat(result.stdout()).isEqualTo("LC_ALL=C\n");
    }

    private Path script(String name) throws IOException {
        Path script = dir.resolve(name);
        Files.writeString(script, "#!/bin/sh\necho \"LC_ALL=$LC_ALL\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }
}
