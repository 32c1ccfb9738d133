package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The local runner and the ssh quoting, with real processes and a real POSIX shell as the oracle. */
class CommandRunnerTest {
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private final ProcessCommandRunner runner = new ProcessCommandRunner();

    @Test
    void shouldPassArgumentsUntouchedAndCaptureBothStreams() {
        CommandResult result = runner.run(List.of("sh", "-c", "printf '%s|' \"$@\"; echo oops >&2; exit 3",
                "sh", "a b", "$(id)", "*", "it's"), MINUTE);

        assertThat(result.exitStatus()).isEqualTo(3);
        assertThat(result.stdout()).isEqualTo("a b|$(id)|*|it's|");
        assertThat(result.stderr()).isEqualTo("oops\n");
        assertThatThrownBy(result::orThrow).isInstanceOfSatisfying(ZfsCommandException.class, e -> {
            assertThat(e.getExitStatus()).isEqualTo(3);
            assertThat(e.getZfsMessage()).isEqualTo("oops");
            assertThat(e).hasMessageContaining("failed with exit status 3: oops");
        });
    }

    /**
     * Four commands at once with 1 MB on each stream, in a JVM whose common pool has two threads (a
     * three-core host's): with the streams drained on that pool, two threads sat on stderr while
     * the commands blocked on full stdout pipes, and all four ran into their timeout.
     */
    @Test
    void shouldDrainConcurrentCommandsWhateverTheSizeOfTheCommonPool() throws Exception {
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.util.concurrent.ForkJoinPool.common.parallelism=2", "-cp", System.getProperty("java.class.path"),
                ConcurrentCommands.class.getName(), "4", "1000000").redirectErrorStream(true).start();
        String output = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(jvm.waitFor()).isZero();
        assertThat(output).isEqualTo("exit 0 stdout 1000000 stderr 1000000\n".repeat(4));
    }

    @Test
    void shouldTakeOnlyDatasetDoesNotExistForAbsent() {
        assertThat(new ZfsCommandException(List.of("zfs", "list"), 1, "cannot open 'a/b': dataset does not exist")
                .isDatasetMissing()).isTrue();
        assertThat(new ZfsCommandException(List.of("zfs", "get"), 1,
                "cannot open 'a/b': dataset does not exist\ncannot open 'a/c': dataset does not exist\n").isDatasetMissing())
                .isTrue();
        assertThat(new ZfsCommandException(List.of("zfs", "get"), 1,
                "cannot open 'a/b': dataset does not exist\ncannot open 'a/c': permission denied").isDatasetMissing())
                .isFalse();
        assertThat(new ZfsCommandException(List.of("zfs", "list"), 1, "cannot open 'a/b': pool I/O is currently suspended")
                .isDatasetMissing()).isFalse();
        assertThat(new ZfsCommandException(List.of("zfs", "list"), 1, "").isDatasetMissing()).isFalse();
    }

    @Test
    void shouldKillACommandThatOutlivesItsTimeout() {
        assertThatThrownBy(() -> runner.run(List.of("sleep", "30"), Duration.ofMillis(300)))
                .isInstanceOf(ZfsException.class)
                .hasMessage("'sleep 30' did not finish within PT0.3S and was killed");
    }

    @Test
    void shouldSayWhenTheCommandDoesNotExist() {
        assertThatThrownBy(() -> runner.run(List.of("no-such-zfs-binary"), MINUTE))
                .hasMessageStartingWith("Cannot run 'no-such-zfs-binary'");
    }

    @Test
    void shouldQuoteForTheRemoteShellSoThatItSeesTheSameArguments() {
        List<String> argv = List.of("zfs", "get", "a b", "it's", "$(touch /tmp/pwned)", "`id`", "x;y", "\"q\"", "");

        // the remote side runs: sh -c '<quoted line>' through the login shell; run that here
        String line = SshCommandRunner.quote(argv);
        List<String> echoed = new ArrayList<>(List.of("printf", "<%s>"));
        echoed.addAll(argv);
        CommandResult result = runner.run(List.of("sh", "-c", SshCommandRunner.quote(echoed)), MINUTE);

        assertThat(line).startsWith("'zfs' 'get' 'a b' 'it'\\''s'");
        assertThat(result.stdout()).isEqualTo("<zfs><get><a b><it's><$(touch /tmp/pwned)><`id`><x;y><\"q\"><>");
    }

    @Test
    void shouldWrapCommandsForSshAndRejectOptionLikeDestinations() {
        SshCommandRunner ssh = new SshCommandRunner("backup@host2", List.of("-p", "2222"), runner);

        assertThat(ssh.wrap(List.of("zfs", "list"))).containsExactly("ssh", "-o", "BatchMode=yes", "-p", "2222",
                "-o", "ConnectTimeout=30", "backup@host2", "--", "'env' 'LC_ALL=C' 'zfs' 'list'");
        // every ssh runner, also the command line's plan, prune and check and the steps' listings, gives up on a
        // host that does not answer after 30 s; the caller's own ConnectTimeout comes first and wins
        assertThat(new SshCommandRunner("nas", List.of("-o", "ConnectTimeout=180"), runner).wrap(List.of("true")))
                .containsSubsequence("-o", "ConnectTimeout=180", "-o", "ConnectTimeout=30", "nas");
        assertThat(ssh.host()).isEqualTo("backup@host2");
        assertThatThrownBy(() -> new SshCommandRunner("-oProxyCommand=x", List.of(), runner))
                .hasMessageContaining("Invalid ssh destination");
        assertThatThrownBy(() -> new SshCommandRunner("host;id", List.of(), runner))
                .hasMessageContaining("Invalid ssh destination");
        // a user or host left empty, two users, a host that is an option: one line here, not ssh's error later
        for (String bad : List.of("", " ", "backup@", "@nas", "a@b@nas", "backup@-oProxyCommand=x", "-l@nas",
                "back up@nas")) {
            assertThatThrownBy(() -> SshCommandRunner.checkDestination(bad))
                    .hasMessage("Invalid ssh destination '" + bad + "': use host or user@host");
        }
        for (String good : List.of("nas", "backup@nas.example.org", "root@10.0.0.2", "::1", "root@[fe80::1]")) {
            assertThat(SshCommandRunner.checkDestination(good)).isEqualTo(good);
        }
    }

    @Test
    void shouldStreamStdoutToTheReaderWhileTheCommandRuns() {
        CommandRunner.Streamed<Long> streamed = runner.stream(List.of("sh", "-c", "seq 1 200000; echo done >&2"), MINUTE,
                in -> new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines()
                        .mapToLong(Long::parseLong).sum());

        assertThat(streamed.orThrow()).isEqualTo(200_000L * 200_001L / 2);
        assertThat(streamed.result().exitStatus()).isZero();
        assertThat(streamed.result().stderr()).isEqualTo("done\n");
    }

    @Test
    void shouldReportAFailedCommandRatherThanWhatTheReaderMadeOfItsOutput() {
        CommandRunner.Streamed<String> streamed = runner.stream(List.of("sh", "-c",
                "echo 'not a listing'; echo \"cannot open 'tank/x': dataset does not exist\" >&2; exit 1"), MINUTE, in -> {
                    throw new ZfsException("the reader's own failure: %s", new String(in.readAllBytes()));
                });

        assertThat(streamed.value()).isNull();
        assertThatThrownBy(streamed::orThrow).isInstanceOfSatisfying(ZfsCommandException.class, e -> {
            assertThat(e.getExitStatus()).isEqualTo(1);
            assertThat(e.getZfsMessage()).isEqualTo("cannot open 'tank/x': dataset does not exist");
        });
        assertThatThrownBy(() -> runner.stream(List.of("sleep", "30"), Duration.ofMillis(300), in -> in.readAllBytes()))
                .hasMessage("'sleep 30' did not finish within PT0.3S and was killed");
    }

    @Test
    void shouldNotLeaveACommandBlockedOnAFullPipeWhenTheReaderGivesUp() {
        // 14 MB of output, far more than a pipe holds: the reader fails after the first bytes
        assertThatThrownBy(() -> runner.stream(List.of("seq", "1", "2000000"), MINUTE, in -> {
            in.read(new byte[10]);
            throw new ZfsException("Unexpected line in the listing");
        })).isInstanceOf(ZfsException.class).hasMessage("Unexpected line in the listing");
    }

    @Test
    void shouldPassTheReadersFailureOnWhenTheCommandSucceeded() {
        assertThatThrownBy(() -> runner.stream(List.of("echo", "x"), MINUTE, in -> {
            throw new ZfsException("Unexpected output %s", new String(in.readAllBytes()).strip());
        })).isInstanceOf(ZfsException.class).hasMessage("Unexpected output x");
    }
}
