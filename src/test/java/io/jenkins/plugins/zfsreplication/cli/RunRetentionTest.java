package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** run --keep-target: the target's rules asked again before each step, on real pools. */
@ExtendWith(ZfsTestBed.class)
class RunRetentionTest {
    private static final List<String> SNAPSHOTS =
            List.of("zr-20261101T000000Z", "zr-20261102T000000Z", "zr-20261103T000000Z");
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final CliEnvironment environment = new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
            new PrintWriter(err, true));

    @Test
    void shouldSkipAStepWhoseSnapshotTheTargetRulesNoLongerKeep(TestPools pools, @TempDir Path dir) throws Exception {
        // given a plan made without target rules: full s1, then s1->s2, s2->s3
        DatasetName source = pools.create("s").resolve("data");
        DatasetName target = pools.create("t").resolve("data");
        Zfs zfs = new Zfs(pools.runner());
        zfs.createFilesystem(source, Map.of());
        for (String snapshot : SNAPSHOTS) {
            Files.write(pools.mountpoint(source).resolve(snapshot), new byte[64 << 10]);
            zfs.snapshot(List.of(source.snapshot(snapshot)), false);
        }
        List<SnapshotRef> refs = refs(zfs.list(List.of(source), false, List.of()), source);
        List<SendStep> steps = new ArrayList<>();
        steps.add(new SendStep(source, target, SendKind.FULL, null, refs.get(0), null, false, -1));
        steps.add(new SendStep(source, target, SendKind.INCREMENTAL, refs.get(0), refs.get(1), null, false, -1));
        steps.add(new SendStep(source, target, SendKind.INCREMENTAL, refs.get(1), refs.get(2), null, false, -1));
        Path plan = dir.resolve("plan.json");
        PlanJson.write(new ReplicationPlan(Instant.now(), "local", "local",
                List.of(new DatasetPlan(source, target, DatasetAction.SEND, "", steps))), plan);

        // when the target keeps only its two newest snapshots
        int status = Main.run(environment, "run", plan.toString(), "--artifacts", dir.toString(),
                "--keep-target", "last: 2");

        // then s1 is never sent: the target starts with a full send of s2, then s2 -> s3
        assertThat(status).as(err.toString()).isZero();
        assertThat(refs(zfs.list(List.of(target), false, List.of()), target))
                .extracting(ref -> ref.name() + " " + ref.guidText())
                .containsExactly(refs.get(1).name() + " " + refs.get(1).guidText(),
                        refs.get(2).name() + " " + refs.get(2).guidText());
        JsonNode report = new ObjectMapper().readTree(dir.resolve("transfer.json").toFile());
        assertThat(report.get("steps")).extracting(step -> step.get("to").asText() + " " + step.get("result").asText())
                .containsExactly(SNAPSHOTS.get(0) + " skipped", SNAPSHOTS.get(1) + " ok", SNAPSHOTS.get(2) + " ok");
        assertThat(err.toString()).contains("skipped, no longer wanted by the retention rules");
    }

    @Test
    void shouldAskADatasetsKeepTargetPropertyBeforeTheCommandsRules(TestPools pools, @TempDir Path dir)
            throws Exception {
        // given two datasets, each planned as full s1, s1 -> s2, s2 -> s3; one has its own target rules
        DatasetName pool = pools.create("ps");
        DatasetName target = pools.create("pt");
        Zfs zfs = new Zfs(pools.runner());
        List<DatasetPlan> datasets = new ArrayList<>();
        for (String name : List.of("data", "other")) {
            DatasetName source = pool.resolve(name);
            zfs.createFilesystem(source, Map.of());
            for (String snapshot : SNAPSHOTS) {
                Files.write(pools.mountpoint(source).resolve(snapshot), new byte[64 << 10]);
                zfs.snapshot(List.of(source.snapshot(snapshot)), false);
            }
            datasets.add(new DatasetPlan(source, target.resolve(name), DatasetAction.SEND, "",
                    chain(refs(zfs.list(List.of(source), false, List.of()), source), source, target.resolve(name))));
        }
        pools.exec("zfs", "set", "zfs-replication:keep-target=last: 2", pool + "/data");
        Path plan = dir.resolve("plan.json");
        PlanJson.write(new ReplicationPlan(Instant.now(), "local", "local", datasets), plan);

        // when the command's rules keep three
        int status = Main.run(environment, "run", plan.toString(), "--artifacts", dir.toString(),
                "--keep-target", "last: 3");

        // then data's s1 is not sent (its property keeps two), other's is (the command's rules)
        assertThat(status).as(err.toString()).isZero();
        assertThat(names(zfs, target.resolve("data"))).isEqualTo(SNAPSHOTS.subList(1, 3));
        assertThat(names(zfs, target.resolve("other"))).isEqualTo(SNAPSHOTS);
        JsonNode report = new ObjectMapper().readTree(dir.resolve("transfer.json").toFile());
        assertThat(report.get("steps")).extracting(step -> step.get("target").asText() + "@" + step.get("to").asText()
                        + " " + step.get("result").asText())
                .containsExactly(target + "/data@" + SNAPSHOTS.get(0) + " skipped",
                        target + "/data@" + SNAPSHOTS.get(1) + " ok", target + "/data@" + SNAPSHOTS.get(2) + " ok",
                        target + "/other@" + SNAPSHOTS.get(0) + " ok", target + "/other@" + SNAPSHOTS.get(1) + " ok",
                        target + "/other@" + SNAPSHOTS.get(2) + " ok");
    }

    @Test
    void shouldRefuseAKeepTargetPropertyThatIsNotRulesBeforeAnythingIsSent(TestPools pools, @TempDir Path dir)
            throws Exception {
        DatasetName pool = pools.create("bs");
        DatasetName source = pool.resolve("data");
        DatasetName target = pools.create("bt").resolve("data");
        Zfs zfs = new Zfs(pools.runner());
        zfs.createFilesystem(source, Map.of());
        zfs.snapshot(List.of(source.snapshot(SNAPSHOTS.get(0))), false);
        pools.exec("zfs", "set", "zfs-replication:keep-target=last: x", pool.name());
        Path plan = dir.resolve("plan.json");
        PlanJson.write(new ReplicationPlan(Instant.now(), "local", "local", List.of(new DatasetPlan(source, target,
                DatasetAction.SEND, "", chain(refs(zfs.list(List.of(source), false, List.of()), source), source,
                        target)))), plan);

        int status = Main.run(environment, "run", plan.toString(), "--artifacts", dir.toString(),
                "--keep-target", "last: 3");

        assertThat(status).isEqualTo(2);
        assertThat(err.toString().lines().filter(line -> line.startsWith("error:"))).containsExactly(
                "error: Bad zfs-replication:keep-target on " + source + " (inherited from " + pool + "): Bad retention"
                        + " rule at column 7: expected a number (the number of snapshots to keep), found 'x': 'last: x'");
        assertThat(zfs.list(List.of(DatasetName.of(target.pool())), true, List.of()).objects()).hasSize(1);
        assertThat(dir.resolve("transfer.json")).doesNotExist();
    }

    @Test
    void shouldPrintTheCommandsOfADryRunWithItsRollbacksAndSendNothing(TestPools pools, @TempDir Path dir)
            throws Exception {
        DatasetName source = pools.create("ds").resolve("data");
        DatasetName target = pools.create("dt").resolve("data");
        Zfs zfs = new Zfs(pools.runner());
        zfs.createFilesystem(source, Map.of());
        zfs.snapshot(List.of(source.snapshot(SNAPSHOTS.get(0)), source.snapshot(SNAPSHOTS.get(1))), false);
        List<SnapshotRef> refs = refs(zfs.list(List.of(source), false, List.of()), source);
        Path plan = dir.resolve("plan.json");
        PlanJson.write(new ReplicationPlan(Instant.now(), "local", "local", List.of(new DatasetPlan(source, target,
                DatasetAction.SEND, "", List.of(
                        // a plan rolls back only on a dataset's first step
                        new SendStep(source, target, SendKind.INCREMENTAL, refs.get(0), refs.get(1), null, true, -1))))),
                plan);

        int status = Main.run(environment, "run", plan.toString(), "--artifacts", dir.toString(), "--dry-run",
                "--option", "raw");

        assertThat(status).as(err.toString()).isZero();
        assertThat(out.toString().lines()).containsExactly(
                "'zfs' 'rollback' '-r' '" + target + "@" + SNAPSHOTS.get(0) + "'",
                "'zfs' 'send' '-i' '" + source + "@" + SNAPSHOTS.get(0) + "' '" + source + "@" + SNAPSHOTS.get(1)
                        + "' | 'zfs' 'recv' '-F' '" + target + "'",
                "dry run: 1 step(s), 1 with rollback (zfs rollback -r, zfs recv -F); nothing was sent, received or "
                        + "rolled back");
        assertThat(err.toString()).contains("raw");
        assertThat(zfs.list(List.of(DatasetName.of(target.pool())), true, List.of()).objects()).hasSize(1);
        assertThat(dir.resolve("transfer.json")).doesNotExist();
    }

    @Test
    void shouldRefuseMalformedRulesBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        Path plan = dir.resolve("plan.json");
        PlanJson.write(new ReplicationPlan(Instant.now(), "local", "local", List.of(DatasetName.of("tank")),
                DatasetName.of("backup"), List.of()), plan);

        int status = Main.run(environment, "run", plan.toString(), "--artifacts", dir.toString(),
                "--keep-target", "last: many");

        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).contains("many");
        assertThat(dir.resolve("transfer.json")).doesNotExist();
    }

    /** A full send of the first snapshot, then one incremental step per further snapshot. */
    private static List<SendStep> chain(List<SnapshotRef> refs, DatasetName source, DatasetName target) {
        List<SendStep> steps = new ArrayList<>();
        steps.add(new SendStep(source, target, SendKind.FULL, null, refs.get(0), null, false, -1));
        for (int i = 1; i < refs.size(); i++) {
            steps.add(new SendStep(source, target, SendKind.INCREMENTAL, refs.get(i - 1), refs.get(i), null, false, -1));
        }
        return steps;
    }

    private static List<String> names(Zfs zfs, DatasetName dataset) {
        return refs(zfs.list(List.of(dataset), false, List.of()), dataset).stream().map(SnapshotRef::name).toList();
    }

    private static List<SnapshotRef> refs(Listing listing, DatasetName dataset) {
        return listing.snapshotsOf(dataset.name()).stream()
                .map(o -> new SnapshotRef(o.shortName(), o.guid(), o.createtxg(), o.creation())).toList();
    }
}
