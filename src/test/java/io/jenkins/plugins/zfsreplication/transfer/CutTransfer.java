package io.jenkins.plugins.zfsreplication.transfer;

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
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.TestProcesses;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A transfer made to be cut, for the abort of zfsSendRecv and the signal to the command line alike:
 * two file systems, each a full step of 4 MiB of random data (seconds at a rate limit of 1 MiB/s)
 * and an incremental after it, in a plan.json; and what transfer.json must say once both first
 * steps are cut, for whichever front end cut them.
 */
public final class CutTransfer {
    /** transfer.json's steps after the cut: dataset@snapshot result: error. */
    public static final List<String> STEPS_AFTER_THE_CUT = List.of(
            "alpha@s1 cancelled: cancelled; every process of the pipeline was ended",
            "alpha@s2 not-run: the run was cancelled before this step",
            "beta@s1 cancelled: cancelled; every process of the pipeline was ended",
            "beta@s2 not-run: the run was cancelled before this step");

    private final Zfs zfs = new Zfs(new ProcessCommandRunner());
    private final DatasetName source;
    private final DatasetName target;

    /** Makes the datasets on fresh pools and writes the plan as {@code plan}. */
    public CutTransfer(TestPools pools, Path plan) throws IOException {
        source = pools.create("cs");
        target = pools.create("ct");
        List<DatasetPlan> datasets = new ArrayList<>();
        for (String name : List.of("alpha", "beta")) {
            datasets.add(dataset(pools, source.resolve(name), target.resolve(name)));
        }
        PlanJson.write(new ReplicationPlan(Instant.now(), "local", "local", datasets), plan);
    }

    private DatasetPlan dataset(TestPools pools, DatasetName source, DatasetName target) throws IOException {
        zfs.createFilesystem(source, Map.of());
        byte[] data = new byte[4 << 20];
        new Random(source.name().hashCode()).nextBytes(data);
        Files.write(pools.mountpoint(source).resolve("big.bin"), data);
        zfs.snapshot(List.of(source.snapshot("s1")), false);
        Files.write(pools.mountpoint(source).resolve("small.bin"), new byte[64 << 10]);
        zfs.snapshot(List.of(source.snapshot("s2")), false);
        SnapshotRef s1 = ref(source, "s1");
        SnapshotRef s2 = ref(source, "s2");
        return new DatasetPlan(source, target, DatasetAction.SEND, "test", List.of(
                new SendStep(source, target, SendKind.FULL, null, s1, null, false, -1),
                new SendStep(source, target, SendKind.INCREMENTAL, s1, s2, null, false, -1)));
    }

    private SnapshotRef ref(DatasetName dataset, String name) {
        ZfsObject snapshot = zfs.list(List.of(dataset), true, List.of()).find(dataset + "@" + name).orElseThrow();
        return new SnapshotRef(name, snapshot.guid(), snapshot.createtxg(), snapshot.creation());
    }

    /** True while both first steps stream: an mbuffer each. */
    public static boolean bothStreaming() {
        return TestProcesses.descendants().filter(p -> TestProcesses.cmdline(p.pid()).startsWith("mbuffer")).count() == 2;
    }

    /** transfer.json's steps as in {@link #STEPS_AFTER_THE_CUT}. */
    public static List<String> steps(JsonNode transfer) {
        List<String> steps = new ArrayList<>();
        transfer.path("steps").forEach(s -> steps.add(s.path("dataset").asText().replaceAll(".*/", "") + "@"
                + s.path("to").asText() + " " + s.path("result").asText() + ": " + s.path("error").asText()));
        return steps;
    }

    public static JsonNode read(Path transferJson) throws IOException {
        return new ObjectMapper().readTree(transferJson.toFile());
    }

    /** The file system the two datasets are made under. */
    public DatasetName source() {
        return source;
    }

    /** What the target holds: only itself, when each full receive was cut (nothing is left of it). */
    public List<String> targetDatasets() {
        return zfs.list(List.of(target), true, List.of()).objects().stream().map(ZfsObject::name).toList();
    }

    public DatasetName target() {
        return target;
    }
}
