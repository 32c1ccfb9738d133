package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import java.util.Set;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.steps.views.SendRecvRecord;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** zfsSendRecv's agent side, called directly on a local workspace (no Jenkins needed), on real pools. */
@ExtendWith(ZfsTestBed.class)
class SendRecvCallableTest {

    @Test
    void shouldRunThePlanInTheWorkspaceAndWriteTheArtifactsThere(TestPools pools, @TempDir Path workspace) throws Exception {
        Zfs zfs = new Zfs(new ProcessCommandRunner());
        DatasetName source = pools.create("s").resolve("data");
        DatasetName target = pools.create("t").resolve("data");
        zfs.createFilesystem(source, Map.of());
        Files.write(pools.mountpoint(source).resolve("file.bin"), new byte[200 << 10]);
        zfs.snapshot(List.of(source.snapshot("s1")), false);
        ZfsObject s1 = zfs.list(List.of(source), false, List.of()).find(source + "@s1").orElseThrow();
        SendStep step = new SendStep(source, target, SendKind.FULL, null,
                new SnapshotRef("s1", s1.guid(), s1.createtxg(), s1.creation()), null, false, -1);
        PlanJson.write(new ReplicationPlan(Instant.now(), "local", "local", List.of(new DatasetPlan(source, target,
                DatasetAction.SEND, "test", List.of(step)))), workspace.resolve("plan.json"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        SendRecvSettings settings = new SendRecvSettings("plan.json", "local", "", "", "out", TransferOptions.defaults().withRequested(Set.of(SendOption.PROPERTIES)).withBuffer(1 << 20, 0));

        SendRecvSummary summary = new SendRecvCallable(settings, listener(log), null).invoke(workspace.toFile(), null);

        assertThat(summary.succeeded()).as(summary.firstError()).isTrue();
        assertThat(summary.counts().steps()).isEqualTo(1);
        assertThat(summary.artifacts()).containsExactly("out/transfer.json", "out/throughput.csv", "out/throughput.svg");
        SendRecvRecord record = summary.record(settings, false);
        assertThat(record.getDatasets()).isEqualTo(1);
        assertThat(record.getSkippedSteps()).isZero();
        assertThat(record.getBytes()).isEqualTo(summary.counts().bytes()).isPositive();
        assertThat(record.getSeconds()).isPositive();
        assertThat(record.getChart()).isEqualTo("out/throughput.svg");
        assertThat(Files.readString(workspace.resolve("out/transfer.json"))).contains("\"options\" : [ \"properties\" ]");
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("started zfs send -p " + source + "@s1");
        assertThat(zfs.list(List.of(target), false, List.of()).find(target + "@s1").orElseThrow().guid())
                .isEqualTo(s1.guid());
    }

    @Test
    void shouldHoldWhatTheTargetReceivedOnTheSourceUnderTheTargetId(TestPools pools, @TempDir Path workspace)
            throws Exception {
        Zfs zfs = new Zfs(new ProcessCommandRunner());
        DatasetName source = pools.create("hs").resolve("data");
        DatasetName target = pools.create("ht").resolve("data");
        zfs.createFilesystem(source, Map.of());
        zfs.snapshot(List.of(source.snapshot("s1")), false);
        ZfsObject s1 = zfs.list(List.of(source), false, List.of()).find(source + "@s1").orElseThrow();
        PlanJson.write(new ReplicationPlan(Instant.now(), "local", "local", List.of(new DatasetPlan(source, target,
                DatasetAction.SEND, "test", List.of(new SendStep(source, target, SendKind.FULL, null,
                new SnapshotRef("s1", s1.guid(), s1.createtxg(), s1.creation()), null, false, -1))))),
                workspace.resolve("plan.json"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        ZfsSendRecvStep fields = step("plan.json");
        fields.setArtifacts("out");
        fields.setBuffer("1M");
        fields.setRetries(0);
        fields.setRetryDelay(5);
        SendRecvSettings settings = fields.settings(StepDefaults.BUILT_IN);

        SendRecvSummary summary = new SendRecvCallable(settings, listener(log), null,
                new SendRecvTarget("", "", 0, "", "", "nas-b")).invoke(workspace.toFile(), null);

        assertThat(summary.succeeded()).as(summary.firstError()).isTrue();
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("hold zfs-replication:nas-b on " + source + "@s1");
        assertThat(pools.exec("zfs", "get", "-Hp", "-o", "value", "userrefs", source + "@s1").stdout().strip())
                .isEqualTo("1");
        assertThat(settings.options().retry()).isEqualTo(new io.jenkins.plugins.zfsreplication.transfer.RetryPolicy(
                0, java.time.Duration.ofSeconds(5)));
        pools.exec("zfs", "release", "zfs-replication:nas-b", source + "@s1");
    }

    @Test
    void shouldReceiveWithTheStepsPropertiesAsTheCommandLineDoes() {
        ZfsSendRecvStep fields = step("plan.json");
        fields.setRecvSet(" readonly=on  canmount=noauto ");
        fields.setRecvExclude("mountpoint, sharenfs");
        SendRecvSettings settings = fields.settings(StepDefaults.BUILT_IN);
        DatasetName source = DatasetName.of("tank/data");
        DatasetName target = DatasetName.of("backup/data");
        SendStep step = new SendStep(source, target, SendKind.FULL, null, new SnapshotRef("s1", 1, 1, 1), null, false,
                -1);

        List<String> sink = new io.jenkins.plugins.zfsreplication.transfer.ZfsStreamCommands().sink(step,
                java.util.Set.of(), settings.options());

        assertThat(sink).containsExactly("zfs", "recv", "-o", "canmount=noauto", "-o", "readonly=on", "-x",
                "mountpoint", "-x", "sharenfs", "backup/data");
    }

    @Test
    void shouldLeaveTheSafeDefaultsUnlessAFieldTurnsThemOff() {
        TransferOptions defaults = settings(step("plan.json")).options();
        assertThat(List.of(defaults.stream().sendDecrypted(), defaults.receiving().createParents(), defaults.receiving().mountReceived()))
                .containsExactly(false, false, false);

        TransferOptions asked = settings(step("plan.json", s -> {
            s.setSendDecrypted(true);
            s.setCreateParents(true);
            s.setMountReceived(true);
        })).options();
        assertThat(List.of(asked.stream().sendDecrypted(), asked.receiving().createParents(), asked.receiving().mountReceived()))
                .containsExactly(true, true, true);
    }

    @Test
    void shouldRefuseBadFieldsOnTheControllerBeforeAnyAgentWork() {
        assertThatThrownBy(() -> settings(step("../plan.json")))
                .isInstanceOf(TransferException.class).hasMessage("plan must be a path inside the workspace, not '../plan.json'");
        assertThatThrownBy(() -> settings(step("plan.json", s -> s.setTransport("ssh"))))
                .hasMessage("The ssh transport needs sshHost ([user@]host)");
        assertThatThrownBy(() -> settings(step("plan.json", s -> s.setTransport("ftp"))))
                .hasMessageStartingWith("Unknown transport 'ftp'");
        assertThatThrownBy(() -> new SendRecvTarget("backup", "nas;reboot", 0, ""))
                .hasMessage("Invalid address 'nas;reboot': give a host name, an IPv4 address or [IPv6]");
        assertThatThrownBy(() -> new SendRecvTarget("backup", "nas", 0, "grid: 1x1q"))
                .hasMessageStartingWith("Bad retention rule");
        assertThatThrownBy(() -> new SendRecvTarget("", "", 0, "").requireTcp())
                .hasMessageStartingWith("The tcp transport needs targetAgent");
        assertThatThrownBy(() -> settings(step("plan.json", s -> s.setConcurrency(65))))
                .hasMessage("Concurrency must be between 1 and 64, not 65");
        assertThatThrownBy(() -> settings(step("plan.json", s -> s.setOptions("properties,fast"))))
                .hasMessageStartingWith("Unknown send option 'fast'");
        assertThatThrownBy(() -> settings(step("plan.json", s -> s.setCompression("gzip"))))
                .hasMessage("Unknown compression 'gzip': use none, zstd or lz4");
        assertThatThrownBy(() -> new SendRecvTarget("", "", 0, "", "", "Nas B"))
                .hasMessageStartingWith("Invalid target id 'Nas B'");
        assertThatThrownBy(() -> settings(step("plan.json", s -> s.setRetries(11))))
                .hasMessage("Retries must be between 0 and 10, not 11");
        assertThat(settings(step("plan.json")).options().retry())
                .isEqualTo(io.jenkins.plugins.zfsreplication.transfer.RetryPolicy.DEFAULT);
        assertThatThrownBy(() -> settings(step("plan.json", s -> s.setRecvSet("readonly"))))
                .hasMessage("recvSet takes PROPERTY=VALUE entries separated by spaces, not 'readonly'");
        assertThatThrownBy(() -> settings(step("plan.json", s -> s.setRecvExclude("mount;point"))))
                .hasMessage("Invalid ZFS property name 'mount;point' for zfs recv -o/-x");
        assertThatThrownBy(() -> settings(step("plan.json", s -> s.setRecvSet("Canmount=off"))))
                .hasMessage("Invalid ZFS property name 'Canmount' for zfs recv -o/-x");
    }

    private static ZfsSendRecvStep step(String plan) {
        return step(plan, s -> { });
    }

    private static ZfsSendRecvStep step(String plan, java.util.function.Consumer<ZfsSendRecvStep> fields) {
        ZfsSendRecvStep step = new ZfsSendRecvStep(plan);
        fields.accept(step);
        return step;
    }

    private static SendRecvSettings settings(ZfsSendRecvStep step) {
        return step.settings(StepDefaults.BUILT_IN);
    }

    private static TaskListener listener(ByteArrayOutputStream log) {
        PrintStream stream = new PrintStream(log, true, StandardCharsets.UTF_8);
        return () -> stream;
    }
}
