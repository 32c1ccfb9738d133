package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a host prints cannot grow this JVM without bound, and a command that exits is done with
 * even when a process it left holds its output open. Real processes throughout: a fake {@code zfs}
 * first on the PATH ({@link FakeZfs}) that prints one endless line, children that keep a pipe open.
 */
class BoundedCommandsTest {
    private static final Duration MINUTE = Duration.ofMinutes(1);
    /** With a grace of 1 s after the exit (5 s in use): the tests that wait for it wait less. */
    private final ProcessCommandRunner runner = new ProcessCommandRunner(Duration.ofSeconds(1));
    private final List<Long> leftBehind = new ArrayList<>();
    @TempDir
    Path dir;

    @AfterEach
    void endWhatTheTestsLeft() {
        leftBehind.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    @Test
    void shouldRefuseAnEndlessLineFromZfsInAListingAndInAnAnswer() throws IOException {
        Zfs zfs = new Zfs(FakeZfs.onPath(dir, "yes | tr -d '\\n'"));

        assertThatThrownBy(() -> zfs.list(List.of(DatasetName.of("tank")), true, List.of()))
                .isInstanceOf(BoundedOutput.OutputLimitException.class)
                .hasMessage("zfs printed a line longer than 16 MiB (starting 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
                        + "yyyyyyyyyyyyyy'): no zfs listing has one; it was not used (a broken or compromised host?)");
        assertThatThrownBy(() -> zfs.property("tank", "compression"))
                .isInstanceOf(BoundedOutput.OutputLimitException.class)
                .hasMessageStartingWith("'env PATH=")
                .hasMessageEndingWith(" zfs get -H -p -o value compression tank' printed a line longer than 1 MiB: no"
                        + " zfs output has such lines; the output was not used and the command was ended");
        assertNoFakeZfsLeft();
    }

    @Test
    void shouldRefuseEndlessListingsHandedToAnotherHostToo() throws IOException {
        Zfs zfs = new Zfs(FakeZfs.onPath(dir, "yes | tr -d '\\n'"));

        assertThatThrownBy(() -> zfs.listText(List.of(DatasetName.of("tank")), true, List.of()))
                .isInstanceOf(BoundedOutput.OutputLimitException.class)
                .hasMessage("'zfs list' printed a line longer than 16 MiB: no zfs output has such lines; the output "
                        + "was not used and the command was ended");
        assertNoFakeZfsLeft();
    }

    @Test
    void shouldBoundWhatAnAnswerHoldsInAllAndOfStderr() {
        assertThatThrownBy(() -> runner.run(List.of("yes", "0123456789"), MINUTE))
                .isInstanceOf(BoundedOutput.OutputLimitException.class)
                .hasMessage("'yes 0123456789' printed more than 64 MiB: more than any answer this tool asks for; the"
                        + " output was not used and the command was ended");

        CommandResult flood = runner.run(List.of("sh", "-c", "head -c 1048576 /dev/zero | tr '\\0' e >&2; echo done"),
                MINUTE);
        assertThat(flood.stdout()).isEqualTo("done\n");
        assertThat(flood.stderr()).hasSize(ProcessCommandRunner.MAX_STDERR_BYTES + "\n(983040 more bytes not kept)".length())
                .startsWith("eeee").endsWith("e\n(983040 more bytes not kept)");
    }

    @Test
    void shouldNotWaitForAChildThatKeepsStdoutOpenAfterTheCommandExited() throws IOException {
        Path pid = dir.resolve("pid");
        // nothing printed in the last two seconds: the reader is blocked on the pipe when the command exits,
        // and then nothing but the child's end wakes it (the JDK's own cleanup at the exit waits for it too)
        List<String> command = List.of("sh", "-c", "echo listed; sleep 600 & echo $! > \"$1\"; sleep 1", "sh",
                pid.toString());

        long start = System.nanoTime();
        assertThatThrownBy(() -> runner.run(command, MINUTE)).isInstanceOf(ZfsException.class)
                .hasMessageStartingWith("'sh -c echo listed; sleep 600 & echo $! > \"$1\"; sleep 1 sh " + pid + "' exited, but "
                        + "a process it left keeps its output open (PT1S after the exit): its output is not used.");
        leftBehind.add(Long.parseLong(Files.readString(pid).strip()));
        assertThatThrownBy(() -> runner.stream(command, MINUTE, InputStream::readAllBytes))
                .hasMessageContaining("exited, but a process it left keeps its output open");
        leftBehind.add(Long.parseLong(Files.readString(pid).strip()));
        // both ended about EXIT_GRACE after the exit, not after the child's ten minutes
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(60));
    }

    @Test
    void shouldTakeTheAnswerWhenOnlyStderrIsHeldOpenByAChild() throws IOException {
        Path pid = dir.resolve("pid");
        CommandResult result = runner.run(List.of("sh", "-c", "echo warned >&2; echo listed; sleep 600 >/dev/null &"
                + " echo $! > \"$1\"; sleep 1", "sh", pid.toString()), MINUTE);
        leftBehind.add(Long.parseLong(Files.readString(pid).strip()));

        assertThat(result.succeeded()).isTrue();
        assertThat(result.stdout()).isEqualTo("listed\n");
        assertThat(result.stderr()).isEqualTo("warned\n\n(a process the command left keeps stderr open)");
    }

    @Test
    void shouldKillOnTimeoutWithoutWaitingForAChildThatHoldsTheOutput() throws IOException {
        Path pid = dir.resolve("pid");
        assertThatThrownBy(() -> runner.run(List.of("sh", "-c", "sleep 600 & echo $! > \"$1\"; sleep 600", "sh",
                pid.toString()), Duration.ofSeconds(1)))
                .hasMessageEndingWith("did not finish within PT1S and was killed");
        leftBehind.add(Long.parseLong(Files.readString(pid).strip()));
    }

    /** No process of the fake (its sh, yes, tr) is left among this JVM's descendants. */
    private static void assertNoFakeZfsLeft() {
        for (int i = 0; i < 100 && TestProcesses.descendants().anyMatch(BoundedCommandsTest::fake); i++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        assertThat(TestProcesses.descendants().filter(BoundedCommandsTest::fake).map(p -> TestProcesses.cmdline(p.pid()))
                .toList()).isEmpty();
    }

    private static boolean fake(ProcessHandle process) {
        String line = TestProcesses.cmdline(process.pid());
        return line.startsWith("yes") || line.startsWith("tr -d") || line.contains("/bin/zfs");
    }

}
