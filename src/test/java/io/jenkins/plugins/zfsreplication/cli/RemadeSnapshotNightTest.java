package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run checks the plan's GUIDs against one listing of each host taken when it starts. A source
 * snapshot destroyed and made again under the same name after that (no target id: nothing holds
 * it) is sent as the new one; the check after the run's last receive finds the copy's snapshot is
 * not the plan's, and the step fails naming both GUIDs instead of the night saying all is well. On
 * zfs-fuse pools, the night as its own process with a wrapper {@code zfs} first on its PATH that
 * remakes one snapshot right before it is sent.
 */
@ExtendWith(ZfsTestBed.class)
class RemadeSnapshotNightTest {
    private static final String NIGHT_1 = "2026-11-01T02:00:00Z";
    private static final String NIGHT_2 = "2026-11-02T02:00:00Z";
    private static final String SNAPSHOT_2 = "zr-20261102T020000Z";

    @TempDir
    Path dir;

    @Test
    void shouldFailTheStepWhoseSnapshotWasMadeAgainAfterTheRunBegan(TestPools pools) throws Exception {
        DatasetName source = pools.create("rs").resolve("tree");
        DatasetName targetPool = pools.create("rt");
        pools.exec("zfs", "set", "mountpoint=none", targetPool.name());
        DatasetName copy = targetPool.resolve("tree");
        pools.exec("zfs", "create", source.name());
        pools.exec("zfs", "create", source.resolve("d1").name());
        pools.exec("zfs", "create", source.resolve("d2").name());
        Path config = dir.resolve("night.conf");
        Files.writeString(config, String.join("\n", "source = " + source, "recursive = yes",
                "target-root = " + copy, "verify = off", "runs = " + dir.resolve("runs"), ""));
        for (String child : List.of("d1", "d2")) {
            pools.write(source.resolve(child), "first", new byte[] {1, 2, 3});
        }
        assertThat(night(config, NIGHT_1, null, null)).isZero();
        for (String child : List.of("d1", "d2")) {
            pools.write(source.resolve(child), "second", new byte[] {4, 5, 6});
        }
        String remade = source.resolve("d1") + "@" + SNAPSHOT_2;

        int status = night(config, NIGHT_2, remade, pools.mountpoint(source.resolve("d1")).resolve("later"));

        String now = TestApply.guid(pools, remade);
        JsonNode transfer = new ObjectMapper().readTree(dir.resolve("runs/2/transfer.json").toFile());
        List<String> steps = new ArrayList<>();
        String planned = null;
        for (JsonNode step : transfer.path("steps")) {
            steps.add(step.path("target").asText() + " " + step.path("to").asText() + " " + step.path("result").asText());
            if (step.path("target").asText().equals(copy.resolve("d1").name())) {
                planned = step.path("toGuid").asText();
                assertThat(step.path("error").asText()).isEqualTo(copy.resolve("d1") + "@" + SNAPSHOT_2
                        + " has the GUID " + now + ", not the plan's snapshot (GUID " + planned + "): the source's"
                        + " snapshot was made again under that name after the run began");
            }
        }
        assertThat(planned).isNotEqualTo(now);
        assertThat(steps).containsExactlyInAnyOrder(copy + " " + SNAPSHOT_2 + " ok",
                copy.resolve("d1") + " " + SNAPSHOT_2 + " failed", copy.resolve("d2") + " " + SNAPSHOT_2 + " ok");
        assertThat(transfer.path("result").asText()).isEqualTo("failed");
        assertThat(status).as(Files.readString(dir.resolve("night-" + NIGHT_2 + ".out"))).isNotZero();
        // what arrived is the remade snapshot, whole: the copy holds the GUID the source has now
        assertThat(TestApply.guid(pools, copy.resolve("d1") + "@" + SNAPSHOT_2)).isEqualTo(now);
    }

    /**
     * Runs a night as its own process; with {@code remake}, a wrapper zfs first on its PATH destroys
     * that snapshot, writes {@code file}, and takes it again, once, right before the send naming it.
     */
    private int night(Path config, String now, String remake, Path file) throws Exception {
        Path bin = wrapper();
        Path out = dir.resolve("night-" + now + ".out");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "night",
                "--config", config.toString(), "--now", now).redirectErrorStream(true).redirectOutput(out.toFile());
        if (remake != null) {
            builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
            builder.environment().put("ZFSR_REMAKE", remake);
            builder.environment().put("ZFSR_REMAKE_FILE", file.toString());
            builder.environment().put("ZFSR_REMAKE_DONE", dir.resolve("remade").toString());
        }
        Process process = builder.start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("the night ended").isTrue();
        if (remake != null) {
            assertThat(dir.resolve("remade")).as("the wrapper remade %s: %s", remake, Files.readString(out)).exists();
        }
        return process.exitValue();
    }

    private Path wrapper() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path zfs = bin.resolve("zfs");
        String real = new ProcessBuilder("sh", "-c", "command -v zfs").start().inputReader().readLine();
        Files.writeString(zfs, String.join("\n", "#!/bin/sh",
                "if [ \"$1\" = send ] && [ ! -e \"$ZFSR_REMAKE_DONE\" ]; then",
                "  for arg; do",
                "    if [ \"$arg\" = \"$ZFSR_REMAKE\" ]; then",
                "      " + real + " destroy \"$ZFSR_REMAKE\" && printf later > \"$ZFSR_REMAKE_FILE\" && sync &&",
                "      " + real + " snapshot \"$ZFSR_REMAKE\" && : > \"$ZFSR_REMAKE_DONE\" || exit 1",
                "    fi",
                "  done",
                "fi",
                "exec " + real + " \"$@\"", ""));
        assertThat(zfs.toFile().setExecutable(true)).isTrue();
        return bin;
    }
}
