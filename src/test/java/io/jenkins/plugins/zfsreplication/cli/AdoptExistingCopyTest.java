package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * docs/howto/adopt.md on real pools: a copy syncoid made (a full send, then {@code -I} to the
 * newest), with sanoid's snapshots on both sides and syncoid's own. The first night sends
 * incrementally from the newest snapshot both share (by GUID): no full send, no rollback, and no
 * snapshot of the other tools is destroyed on either side, though prune destroys by its rules.
 */
@ExtendWith(ZfsTestBed.class)
class AdoptExistingCopyTest {
    private static final List<String> THEIRS = List.of("autosnap_2026-10-29_00:00:01_daily",
            "autosnap_2026-10-30_00:00:01_daily", "syncoid_backup_2026-10-30:03:00:00",
            "autosnap_2026-10-31_00:00:01_daily");
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldContinueTheirCopyIncrementallyLeavingTheirSnapshotsAlone(TestPools pools) throws IOException {
        DatasetName source = pools.create("adsrc").resolve("home");
        DatasetName backup = pools.create("adbak");
        DatasetName target = backup.resolve("home");
        pools.exec("zfs", "create", source.name());
        Random random = new Random(43);
        for (String snapshot : THEIRS) {
            pools.write(source, snapshot.replace(':', '-'), bytes(random, 256 << 10));
            pools.exec("zfs", "snapshot", source + "@" + snapshot);
        }
        // syncoid's way: the first snapshot in full, then -I to the newest
        pools.pipe(List.of("zfs", "send", source + "@" + THEIRS.get(0)), List.of("zfs", "recv", "-u", target.name()));
        pools.pipe(List.of("zfs", "send", "-I", source + "@" + THEIRS.get(0), source + "@" + THEIRS.get(3)),
                List.of("zfs", "recv", "-u", target.name()));
        List<String> theirsWithGuids = new ArrayList<>();
        for (String snapshot : THEIRS) {
            theirsWithGuids.add(snapshot + " " + TestApply.guid(pools, source + "@" + snapshot));
        }
        assertThat(TestApply.snapshots(pools, target.name())).containsExactlyElementsOf(theirsWithGuids);
        pools.write(source, "tonight", bytes(random, 128 << 10));
        try (TestNights nights = new TestNights(pools, folder)) {
            Path runs = nights.base().resolve("runs");
            Path config = nights.base().resolve("night.conf");
            // the how-to's config: the copy's own root, rules that would destroy anything old of the naming
            Files.writeString(config, String.join("\n", List.of("source = " + source, "target-root = " + target,
                    "keep-source = last: 1", "keep-target = last: 1", "target-id = backup",
                    "runs = " + nights.named(runs), "")));

            assertThat(nights.night(out, err, "--config", nights.named(config), "--now", "2026-11-01T02:00:00Z"))
                    .as(out + "\n" + err).isZero();
            assertFirstNight(pools, source, target, runs, theirsWithGuids);
        }
    }

    private static void assertFirstNight(TestPools pools, DatasetName source, DatasetName target, Path runs,
                                         List<String> theirsWithGuids) throws IOException {
        JsonNode plan = new ObjectMapper().readTree(runs.resolve("1").resolve("plan.json").toFile());
        JsonNode step = plan.get("datasets").get(0).get("steps").get(0);
        assertThat(plan.get("datasets").get(0).get("steps")).hasSize(1);
        assertThat(step.get("kind").asText()).isEqualTo("INCREMENTAL");
        assertThat(step.get("from").get("name").asText()).isEqualTo(THEIRS.get(3));
        assertThat(step.get("rollback").asBoolean()).isFalse();
        String tonight = "zr-20261101T020000Z " + TestApply.guid(pools, source + "@zr-20261101T020000Z");
        List<String> expected = new ArrayList<>(theirsWithGuids);
        expected.add(tonight);
        // every snapshot of theirs on both sides, tonight's after them
        assertThat(TestApply.snapshots(pools, target.name())).containsExactlyElementsOf(expected);
        assertThat(TestApply.snapshots(pools, source.name())).containsExactlyElementsOf(expected);
    }

    private static byte[] bytes(Random random, int size) {
        byte[] data = new byte[size];
        random.nextBytes(data);
        return data;
    }
}
