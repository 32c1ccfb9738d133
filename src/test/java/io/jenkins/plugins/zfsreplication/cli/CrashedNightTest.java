package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A night killed with SIGKILL in the middle of its send (as the OOM killer or a power loss ends
 * it: no shutdown hook, no audit record) leaves a run directory without audit.json. The next night
 * links over it, records it as unfinished with the files it left, and the chain goes on; audit
 * verify tells it from a skipped build.
 */
@ExtendWith(ZfsTestBed.class)
class CrashedNightTest {
    private static final String NIGHT_1 = "2026-11-01T02:00:00Z";
    private static final String NIGHT_2 = "2026-11-02T02:00:00Z";
    private static final String NIGHT_3 = "2026-11-03T02:00:00Z";
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldRecordANightKilledInItsSendAsUnfinishedAndGoOnWithTheChain(TestPools pools) throws Exception {
        DatasetName source = pools.create("csrc").resolve("home");
        DatasetName target = pools.create("cbak").resolve("home");
        pools.exec("zfs", "create", source.name());
        Random random = new Random(41);
        pools.write(source, "first", bytes(random, 64 << 10));
        Path runs = folder.resolve("runs");
        Path config = config("night.conf", source, target, runs, "");
        Path slow = config("slow.conf", source, target, runs, "rate-limit = 64k\nbuffer = 1M\n");
        assertThat(night(config, NIGHT_1)).as(out + "\n" + err).isZero();

        // the second night, in its own JVM, killed while its send runs
        pools.write(source, "second", bytes(random, 4 << 20));
        Path log = folder.resolve("night2.log");
        Process killed = cli(log, "night", "--config", slow.toString(), "--now", NIGHT_2);
        awaitSend(killed, log);
        killed.destroyForcibly(); // SIGKILL
        assertThat(killed.waitFor(30, TimeUnit.SECONDS)).isTrue();
        awaitNoReceive(target);
        Path two = runs.resolve("2");
        List<String> left = files(two);
        assertThat(left).contains("plan.json", "prune-report.json").doesNotContain("audit.json");

        // the next night goes through and is recorded
        assertThat(night(config, NIGHT_3)).as(out + "\n" + err).isZero();

        JsonNode record = new ObjectMapper().readTree(runs.resolve("3").resolve("audit.json").toFile());
        assertThat(record.at("/previous/build").asLong()).isEqualTo(1);
        assertThat(record.at("/previous/skipped/0/build").asLong()).isEqualTo(2);
        assertThat(record.at("/previous/skipped/0/why").asText()).isEqualTo("unfinished");
        assertThat(record.at("/previous/skipped/0/left").findValuesAsText("path")).containsExactlyElementsOf(left);
        out.getBuffer().setLength(0);
        assertThat(run("audit", "verify", runs.resolve("1").toString(), two.toString(), runs.resolve("3").toString()))
                .as(out + "\n" + err).isZero();
        assertThat(out.toString()).contains("builds 1 to 3 (2 builds, ").doesNotContain("skipped")
                .contains("; unfinished (died before its record): 2 (left " + String.join(", ", left) + ")");
        // what the killed night had done, in its own words
        JsonNode died = new ObjectMapper().readTree(two.resolve("night.json").toFile());
        assertThat(died.get("finished").asBoolean(true)).isFalse();
        assertThat(died.has("exitStatus")).isFalse();
        assertThat(died.get("stages").findValuesAsText("name")).containsExactly("plan", "prune");
    }

    private Path config(String name, DatasetName source, DatasetName target, Path runs, String more)
            throws IOException {
        Path config = folder.resolve(name);
        Files.writeString(config, String.join("\n", List.of(
                "source = " + source,
                "target-root = " + target,
                "keep-source = grid: 1x1d(keep=all) | 7x1d",
                "keep-target = grid: 1x1d(keep=all) | 14x1d",
                "verify = off",
                "runs = " + runs,
                "job = crashed-night",
                "")) + more);
        return config;
    }

    private int night(Path config, String now) {
        return run("night", "--config", config.toString(), "--now", now);
    }

    private int run(String... args) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
    }

    /** The CLI in its own JVM; what a killed one leaves in its temporary directory stays in the test's. */
    private static Process cli(Path log, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + log.getParent(), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Waits until the night's zfs send and zfs recv run (its plan and prune are done by then). */
    private static void awaitSend(Process cli, Path log) throws Exception {
        for (int i = 0; i < 1200; i++) {
            List<String> lines = cli.descendants().filter(ProcessHandle::isAlive).map(p -> cmdline(p.pid())).toList();
            if (lines.stream().anyMatch(l -> l.startsWith("zfs send")) && lines.stream().anyMatch(l -> l.startsWith("zfs recv"))) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the night's send did not start: " + Files.readString(log));
    }

    /** The killed night's pipeline ends with its JVM; the next night must not find its receive still running. */
    private static void awaitNoReceive(DatasetName target) throws Exception {
        for (int i = 0; i < 200; i++) {
            try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
                if (all.noneMatch(p -> cmdline(p.pid()).startsWith("zfs recv") && cmdline(p.pid()).contains(target.pool()))) {
                    return;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("a zfs recv into " + target + " outlived the killed night");
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    private static String cmdline(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                    StandardCharsets.UTF_8).replace('\0', ' ').strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static byte[] bytes(Random random, int size) {
        byte[] data = new byte[size];
        random.nextBytes(data);
        return data;
    }
}
