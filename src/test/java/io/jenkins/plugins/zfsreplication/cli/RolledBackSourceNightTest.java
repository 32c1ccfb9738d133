package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestClock;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The night's {@code allow-rollback = yes} reaches both the plan and the run: a night whose source
 * went back in time takes its copy back to the common snapshot and keeps the snapshots only the
 * copy had in a dataset of their own, instead of planning a rollback its own run then refuses.
 * Real zfs-fuse pools; every night's {@code --now}, and so its snapshot's name, from one clock.
 */
@ExtendWith(ZfsTestBed.class)
class RolledBackSourceNightTest {
    private static final TestClock CLOCK = TestClock.afterRealClock();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldKeepTheCopysOnlySnapshotsWhenANightAllowedToRollBackMeetsARolledBackSource(TestPools pools)
            throws IOException {
        DatasetName source = pools.create("rns").resolve("home");
        DatasetName target = pools.create("rnt").resolve("home");
        pools.exec("zfs", "create", source.name());
        Path config = folder.resolve("night.conf");
        Files.writeString(config, String.join("\n", "source = " + source, "target-root = " + target,
                "allow-rollback = yes", "verify = off", "runs = " + folder.resolve("runs"), ""));
        List<Duration> nights = List.of(Duration.ofDays(3), Duration.ofDays(2), Duration.ofDays(1), Duration.ZERO);
        Random random = new Random(7);
        for (int night = 0; night < 3; night++) {
            pools.write(source, "night" + night, bytes(random));
            assertThat(night(config, nights.get(night))).as(out + "\n" + err).isZero();
        }
        List<String> copyBefore = snapshots(pools, target);
        assertThat(copyBefore).extracting(s -> s.split(" ")[0])
                .containsExactly(CLOCK.name(nights.get(0)), CLOCK.name(nights.get(1)), CLOCK.name(nights.get(2)));

        // the source goes back to the first night, its later snapshots gone, and lives on from there
        pools.exec("zfs", "rollback", "-r", source + "@" + CLOCK.name(nights.get(0)));
        pools.write(source, "after", bytes(random));
        out.getBuffer().setLength(0);
        assertThat(night(config, nights.get(3))).as(out + "\n" + err).isZero();

        DatasetName kept = DatasetName.of(target.name() + "-kept-" + copyBefore.get(2).split(" ")[1]);
        JsonNode transfer = new ObjectMapper().readTree(folder.resolve("runs").resolve("4").resolve("transfer.json")
                .toFile());
        assertThat(transfer.at("/steps/0/checks/0").asText()).isEqualTo(target + ": back at @" + CLOCK.name(nights.get(0))
                + " as the plan allows, keeping the 2 snapshot(s) only the copy had (" + CLOCK.name(nights.get(1))
                + ", " + CLOCK.name(nights.get(2)) + ") in " + kept + " (zfs rename, zfs clone, zfs promote): "
                + "nothing was destroyed");
        // the copy's history, GUIDs and all: nothing of it destroyed, and the copy going on from its base
        assertThat(snapshots(pools, kept)).containsExactlyElementsOf(copyBefore.subList(1, 3));
        assertThat(snapshots(pools, target)).containsExactly(copyBefore.get(0),
                CLOCK.name(nights.get(3)) + " " + guid(pools, source + "@" + CLOCK.name(nights.get(3))));
    }

    private int night(Path config, Duration ago) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
                new PrintWriter(err, true)), "night", "--config", config.toString(), "--now",
                CLOCK.ago(ago).toString());
    }

    /** Each snapshot of {@code dataset} (not its children), oldest first, as "name guid" with the GUID in hex. */
    private static List<String> snapshots(TestPools pools, DatasetName dataset) {
        List<String> names = new ArrayList<>();
        for (String row : pools.exec("zfs", "list", "-H", "-t", "snapshot", "-o", "name", "-s", "createtxg", "-d", "1",
                dataset.name()).stdout().split("\n")) {
            if (!row.isBlank()) {
                names.add(row.substring(row.indexOf('@') + 1) + " " + guid(pools, row.strip()));
            }
        }
        return names;
    }

    private static String guid(TestPools pools, String snapshot) {
        return String.format("%016x", Long.parseUnsignedLong(
                pools.exec("zfs", "get", "-H", "-p", "-o", "value", "guid", snapshot).stdout().strip()));
    }

    private static byte[] bytes(Random random) {
        byte[] data = new byte[32 << 10];
        random.nextBytes(data);
        return data;
    }
}
