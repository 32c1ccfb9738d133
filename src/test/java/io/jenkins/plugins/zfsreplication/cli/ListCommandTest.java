package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.RecordingRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The list and probe subcommands, in-process, against real pools. */
@ExtendWith(ZfsTestBed.class)
class ListCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void shouldRejectABadDatasetNameNamingTheCharacterWithoutRunningZfs(TestPools pools) {
        RecordingRunner runner = new RecordingRunner(pools.runner());

        int status = Main.run(environment(runner), "list", "-r", "tank/a;rm -rf ~");

        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid ZFS name 'tank/a;rm -rf ~': character ';' at position 7");
        assertThat(runner.commands()).isEmpty();
    }

    @Test
    void shouldListRealDatasetsAndSnapshotsWithTheirProperties(TestPools pools) {
        DatasetName pool = pools.create("cli");
        Zfs zfs = new Zfs(pools.runner());
        zfs.createFilesystem(pool.resolve("data"), Map.of("zfs-replication:backup", "on"));
        zfs.snapshot(List.of(pool.snapshot("first")), true);
        RecordingRunner runner = new RecordingRunner(pools.runner());

        int status = Main.run(environment(runner), "list", "-r", "-o", "zfs-replication:backup", pool.name());

        assertThat(status).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).startsWith("NAME").endsWith("ZFS-REPLICATION:BACKUP");
        assertThat(lines.subList(1, lines.size())).extracting(line -> line.split(" +")[0] + " " + line.split(" +")[1]
                + " " + line.substring(line.lastIndexOf(' ') + 1)).containsExactly(
                pool + " filesystem -", pool + "@first snapshot -",
                pool + "/data filesystem on", pool + "/data@first snapshot on");
        // the probe and the one listing call
        assertThat(runner.commands()).hasSize(2);
        assertThat(runner.commands().get(1)).startsWith("zfs", "get", "-Hp");
    }

    @Test
    void shouldFailWithZfsOwnMessageForAnUnknownDataset(TestPools pools) {
        DatasetName pool = pools.create("unk");

        int status = Main.run(environment(pools.runner()), "list", pool + "/nope");

        assertThat(status).isEqualTo(1);
        assertThat(err.toString()).contains("cannot open '" + pool + "/nope': dataset does not exist");
    }

    @Test
    void shouldPrintTheProbe(TestPools pools) {
        pools.create("prb");

        int status = Main.run(environment(pools.runner()), "probe");

        assertThat(status).isZero();
        assertThat(out.toString()).contains("host: local", "parsable-list        no", "holds                yes",
                "tools:\n  setpriv            yes\n  mbuffer            yes\n");
    }

    private CliEnvironment environment(CommandRunner runner) {
        return new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true));
    }
}
