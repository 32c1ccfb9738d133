package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line in its own JVM, killed with SIGKILL (no shutdown hook runs, as when an agent
 * dies) in the middle of a slowed send: every process of its pipeline must end with it.
 */
@ExtendWith(ZfsTestBed.class)
class KilledJvmTest {

    @Test
    void shouldTakeEveryLocalStageDownWithAKilledJvm(TestPools pools, @TempDir Path dir) throws Exception {
        DatasetName source = sourceWithData(pools);
        Process cli = cli(dir.resolve("send.log"), "send", source + "@s1", "--target",
                pools.create("t").resolve("data").name(), "--buffer", "1M", "--rate-limit", "64k", "--artifacts",
                dir.resolve("send").toString());
        List<ProcessHandle> stages = awaitStages(cli, dir.resolve("send.log"), "zfs send", "mbuffer", "zfs recv");

        killAndExpectGone(List.of(cli), stages);
    }

    @Test
    void shouldTakeEveryTcpStageDownWithKilledJvmsOnBothEnds(TestPools pools, @TempDir Path dir) throws Exception {
        DatasetName source = sourceWithData(pools);
        Path token = dir.resolve("token");
        Process receiver = cli(dir.resolve("recv.log"), "recv", pools.create("t").resolve("data").name(), "--listen",
                "127.0.0.1", "--token-file", token.toString(), "--accept-timeout", "60", "--artifacts",
                dir.resolve("recv").toString());
        String endpoint = awaitEndpoint(dir.resolve("recv.log"));
        Process sender = cli(dir.resolve("send.log"), "send", source + "@s1", "--to", endpoint, "--token-file",
                token.toString(), "--buffer", "1M", "--rate-limit", "64k", "--artifacts", dir.resolve("send").toString());
        List<ProcessHandle> stages = new ArrayList<>(awaitStages(sender, dir.resolve("send.log"), "zfs send", "mbuffer",
                "socat"));
        stages.addAll(awaitStages(receiver, dir.resolve("recv.log"), "socat", "zfs recv"));

        killAndExpectGone(List.of(sender, receiver), stages);
    }

    private static DatasetName sourceWithData(TestPools pools) throws Exception {
        Zfs zfs = new Zfs(new ProcessCommandRunner());
        DatasetName source = pools.create("s").resolve("data");
        zfs.createFilesystem(source, Map.of());
        byte[] data = new byte[8 << 20];
        new java.util.Random(7).nextBytes(data);
        Files.write(pools.mountpoint(source).resolve("big.bin"), data);
        zfs.snapshot(List.of(source.snapshot("s1")), false);
        return source;
    }

    /**
     * The CLI in its own JVM, its temporary directory the test's: a JVM killed with SIGKILL leaves its
     * step's work directory (FIFOs, the run's TLS key) where the test's cleanup takes it.
     */
    private static Process cli(Path log, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + log.getParent(), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static String awaitEndpoint(Path log) throws Exception {
        for (int i = 0; i < 400; i++) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                if (line.startsWith("endpoint ")) {
                    return line.substring(9).strip();
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("recv printed no endpoint: " + Files.readString(log));
    }

    /** The live descendants of {@code cli} once each of {@code stages} runs among them (metering shells included). */
    private static List<ProcessHandle> awaitStages(Process cli, Path log, String... stages) throws Exception {
        for (int i = 0; i < 600; i++) {
            List<ProcessHandle> descendants = cli.descendants().filter(ProcessHandle::isAlive).toList();
            List<String> lines = descendants.stream().map(p -> cmdline(p.pid())).toList();
            if (List.of(stages).stream().allMatch(stage -> lines.stream().anyMatch(line -> line.startsWith(stage)))) {
                return descendants;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the stages " + List.of(stages) + " did not all start: " + Files.readString(log));
    }

    private static void killAndExpectGone(List<Process> jvms, List<ProcessHandle> stages) throws Exception {
        assertThat(stages).allMatch(ProcessHandle::isAlive);
        for (Process jvm : jvms) {
            jvm.destroyForcibly(); // SIGKILL
            assertThat(jvm.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && stages.stream().anyMatch(ProcessHandle::isAlive)) {
            Thread.sleep(100);
        }
        List<String> survivors = stages.stream().filter(ProcessHandle::isAlive)
                .map(p -> p.pid() + " " + cmdline(p.pid())).toList();
        // never leave them to a later test
        stages.forEach(ProcessHandle::destroyForcibly);
        assertThat(survivors).isEmpty();
    }

    private static String cmdline(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                    StandardCharsets.UTF_8).replace('\0', ' ').strip();
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
