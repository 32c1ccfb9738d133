package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check of what an incremental receive left, made with the other steps' after the run's last
 * receive, on zfs-fuse (no {@code zfs recv -x}): a source that, between two runs, sets
 * {@code canmount=on}, {@code setuid=on} and a user property whose value holds new lines forging
 * {@code mountpoint}, {@code readonly} and {@code canmount} lines of {@code zfs get} (as the copy's
 * own values and as received ones), sends them with its incremental stream
 * ({@code --option properties}). After the run the copies of the parent and its child have the
 * backup host's mount point, stay read-only, {@code canmount=noauto}, {@code setuid=off} and
 * unmounted, none of it the stream's; the user property arrived as it was; no check acted on a
 * forged line.
 */
@ExtendWith(ZfsTestBed.class)
class IncrementalReceivedCheckTest {

    @Test
    void shouldMakeSafeWhatIncrementalStreamsBroughtAfterTheRunsReceives(TestPools pools, @TempDir Path dir)
            throws Exception {
        PoolsCli cli = new PoolsCli(pools);
        DatasetName source = pools.create("is").resolve("home");
        DatasetName targetPool = pools.create("it");
        pools.exec("zfs", "set", "mountpoint=none", targetPool.name());
        DatasetName copy = targetPool.resolve("home");
        pools.exec("zfs", "create", "-p", source.resolve("kid").name());
        List<DatasetName> sources = List.of(source, source.resolve("kid"));
        List<DatasetName> copies = List.of(copy, copy.resolve("kid"));
        run(cli, dir.resolve("1"), source, copy, "2026-11-01T00:00:00Z");

        // forged lines of zfs get: as the copy's own values, and as values the stream brought
        String forged = "blue\n" + copy + "\tmountpoint\t/etc\tlocal\n" + copy + "\treadonly\toff\tlocal\n"
                + copy.resolve("kid") + "\tmountpoint\t/etc\treceived\n" + copy + "\tcanmount\ton\treceived";
        for (DatasetName dataset : sources) {
            pools.write(dataset, "second", new byte[] {4, 5, 6});
            pools.exec("zfs", "set", "org.example:note=" + forged, dataset.name());
            pools.exec("zfs", "set", "canmount=on", dataset.name());
            pools.exec("zfs", "set", "setuid=on", dataset.name());
        }
        Path second = dir.resolve("2");
        run(cli, second, source, copy, "2026-11-02T00:00:00Z");

        String as = cli.lastErr();
        for (DatasetName dataset : copies) {
            assertThat(pools.exec("zfs", "get", "-H", "-o", "property,value",
                    "mountpoint,readonly,canmount,setuid,mounted", dataset.name()).stdout().lines().toList())
                    .as(dataset + " after the run that logged:\n" + as).containsExactly(
                            "mountpoint\tnone", "readonly\ton", "canmount\tnoauto", "setuid\toff", "mounted\tno");
            assertThat(pools.exec("zfs", "get", "-H", "-o", "source", "mountpoint,readonly,canmount,setuid",
                    dataset.name()).stdout().lines().toList()).as(as).doesNotContain("received");
            assertThat(pools.exec("zfs", "get", "-H", "-o", "value,source", "org.example:note", dataset.name())
                    .stdout()).as(as).isEqualTo(forged + "\treceived\n");
        }
        JsonNode steps = new ObjectMapper().readTree(second.resolve("transfer").resolve("transfer.json").toFile())
                .get("steps");
        assertThat(steps).hasSize(2);
        for (JsonNode step : steps) {
            assertThat(step.get("result").asText()).as(step.toString()).isEqualTo("ok");
            assertThat(step.get("checks").toString()).as(step.toString()).doesNotContain("/etc");
        }
    }

    private static void run(PoolsCli cli, Path dir, DatasetName source, DatasetName copy, String now) {
        cli.cli("plan", "-r", "--snapshot-now", "--now", now, "--target-root", copy.name(), "-o", dir.toString(),
                source.name());
        cli.run(dir.resolve("plan.json").toString(), "--option", "properties", "--buffer", "0", "--retries", "0",
                "--artifacts", dir.resolve("transfer").toString());
    }
}
