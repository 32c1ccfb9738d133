package io.jenkins.plugins.zfsreplication.steps.shared;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.steps.check.ZfsCheckStep;
import io.jenkins.plugins.zfsreplication.steps.coverage.ZfsCoverageStep;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanCallable;
import io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanStep;
import io.jenkins.plugins.zfsreplication.steps.prune.ZfsPruneStep;
import io.jenkins.plugins.zfsreplication.steps.restore.ZfsRestoreDrillStep;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvStep;
import io.jenkins.plugins.zfsreplication.steps.verify.ZfsVerifyStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * What a running Pipeline keeps of a zfs step in program.dat, written and read back with the real
 * JBoss Marshalling River, configured as workflow-support configures it ({@link RiverProgramData}),
 * in both versions a 2.541.3 controller may run ({@link RiverVersions#VERSIONS}). With the default
 * durability workflow-cps writes the program after every step start; a write that throws fails the
 * build at the step while the work goes on unwatched. Each step's execution must come back equal
 * (its runner, with every setting), and hold nothing a pickle would have to stand in for.
 */
class ProgramDataTest {
    static final List<String> versions = RiverVersions.VERSIONS;

    /** Every zfs step with options set, as a Pipeline script would give them. */
    static Map<String, StepRunner> runners() {
        Map<String, StepRunner> runners = new LinkedHashMap<>();
        ZfsSnapshotPlanStep plan = new ZfsSnapshotPlanStep("tank/a\ntank/b", "backup/a");
        plan.setRecursive(true);
        plan.setTargetAgent("storage-2");
        plan.setIncludes("tank/a/*");
        plan.setPrefix("nightly");
        plan.setSnapshotNow(true);
        runners.put("zfsSnapshotPlan", plan.runner(StepDefaults.BUILT_IN));
        ZfsSnapshotPlanStep pull = new ZfsSnapshotPlanStep("tank/a", "backup/a");
        pull.setSourceHost("root@nas-a");
        pull.setSshCredentialsId("nas-a-key");
        runners.put("zfsSnapshotPlan pulling", pull.runner(StepDefaults.BUILT_IN));
        ZfsPruneStep prune = new ZfsPruneStep();
        prune.setPlan("out/plan.json");
        prune.setKeepTarget("grid: 1x1h(keep=all) | 24x1h");
        prune.setKeepSource("last: 3");
        prune.setDestroy(true);
        runners.put("zfsPrune", prune.runner());
        ZfsSendRecvStep tcp = new ZfsSendRecvStep("out/plan.json");
        tcp.setTransport("tcp");
        tcp.setTargetAgent("storage-2");
        tcp.setTcpPort(9000);
        tcp.setConcurrency(3);
        tcp.setTargetRules("grid: 24x1h");
        tcp.setTargetId("offsite");
        runners.put("zfsSendRecv tcp", tcp.runner(StepDefaults.BUILT_IN));
        ZfsSendRecvStep ssh = new ZfsSendRecvStep("out/plan.json");
        ssh.setTransport("ssh");
        ssh.setSshHost("root@nas-b");
        ssh.setSshCredentialsId("backup-key");
        ssh.setCompression("zstd");
        ssh.setOptions("raw,properties");
        runners.put("zfsSendRecv ssh", ssh.runner(StepDefaults.BUILT_IN));
        ZfsVerifyStep verify = new ZfsVerifyStep("disk.img");
        verify.setThreads(4);
        verify.setCompareWith("source.manifest");
        runners.put("zfsVerify", verify.runner(StepDefaults.BUILT_IN));
        ZfsCheckStep check = new ZfsCheckStep("tank/a\ntank/b\ntank/c", "backup");
        check.setTargetHost("root@nas-b");
        check.setWarn("26h");
        check.setCrit("50h");
        runners.put("zfsCheck", check.runner(StepDefaults.BUILT_IN));
        ZfsCheckStep pullingCheck = new ZfsCheckStep("tank/a", "backup");
        pullingCheck.setSourceHost("root@nas-a");
        pullingCheck.setSshOptions("-p 2222");
        pullingCheck.setSshCredentialsId("nas-a-key");
        runners.put("zfsCheck pulling", pullingCheck.runner(StepDefaults.BUILT_IN));
        ZfsRestoreDrillStep drill = new ZfsRestoreDrillStep("backup/home@s1", "backup/drill", "source.manifest");
        drill.setKeyFile("/etc/zfs/keys/home.key");
        drill.setRateLimit("200M");
        runners.put("zfsRestoreDrill", drill.runner());
        ZfsCoverageStep coverage = new ZfsCoverageStep("backup/copy", "/var/lib/zfs-replication/manifests");
        coverage.setNights(14);
        coverage.setBudget("500G");
        coverage.setTimeBudget("3h");
        coverage.setDrillScratch("backup/drill");
        coverage.setDrillSeed(42);
        coverage.setWarn("16d");
        coverage.setCrit("20d");
        runners.put("zfsCoverage", coverage.runner());
        return runners;
    }

    @ParameterizedTest(name = "JBoss Marshalling {0}")
    @FieldSource("versions")
    void shouldKeepEveryStepInProgramDataBeforeWhileAndAfterItRuns(String version) throws Exception {
        Function<Object, Map<String, Object>> programData = RiverVersions.programData(version);
        SoftAssertions softly = new SoftAssertions();
        for (Map.Entry<String, StepRunner> step : runners().entrySet()) {
            String name = step.getKey();
            TestStepContext context = new TestStepContext();
            ZfsStepExecution execution = new ZfsStepExecution(context, name, step.getValue());
            assertKept(softly, programData, name + ", not yet started", execution);

            CountDownLatch working = new CountDownLatch(1);
            CountDownLatch finish = new CountDownLatch(1);
            execution.start(context, () -> {
                working.countDown();
                finish.await();
                return Map.of("summary", name);
            });
            working.await();
            assertThat(execution.blocksRestart()).as("%s blocks a graceful restart while it runs", name).isTrue();
            assertKept(softly, programData, name + ", running", execution);

            finish.countDown();
            assertThat(context.awaitOutcome(10)).isEqualTo(Map.of("summary", name));
            assertKept(softly, programData, name + ", ended", execution);
        }
        softly.assertAll();
    }

    @ParameterizedTest(name = "JBoss Marshalling {0}")
    @FieldSource("versions")
    void shouldReadARunningStepBackAsCutByTheRestart(String version) throws Exception {
        TestStepContext context = new TestStepContext();
        ZfsStepExecution execution = new ZfsStepExecution(context, "zfsSendRecv", runners().get("zfsSendRecv ssh"));
        CountDownLatch finish = new CountDownLatch(1);
        execution.start(context, () -> {
            finish.await();
            return null;
        });

        ZfsStepExecution readBack = (ZfsStepExecution) RiverVersions.programData(version).apply(execution).get("object");
        finish.countDown();

        // what a restarted controller has: the settings, and no worker (the work ended with the old JVM)
        assertThat(readBack.blocksRestart()).isFalse();
        assertThat(readBack.getStatus()).isEqualTo("not running (never started, or the controller restarted)");
    }

    /** Writes and reads back {@code state}, which must come back equal and hold nothing a pickle stands in for. */
    private static void assertKept(SoftAssertions softly, Function<Object, Map<String, Object>> programData, String step,
                                   Object state) {
        Map<String, Object> readBack;
        try {
            readBack = programData.apply(state);
        } catch (RuntimeException e) {
            softly.fail("%s: not written to program.dat: %s", step, e);
            return;
        }
        softly.assertThat(readBack.get("refused")).as("%s: what no step's state may hold", step).asList().isEmpty();
        softly.assertThat(readBack.get("object")).as(step).isInstanceOf(state.getClass())
                .usingRecursiveComparison().ignoringFields("worker").isEqualTo(state);
        if (state instanceof ZfsStepExecution) {
            softly.assertThat(readBack.get("object")).as("%s: its worker is not kept", step)
                    .extracting("worker").isNull();
        }
    }

    @ParameterizedTest(name = "JBoss Marshalling {0}")
    @FieldSource("versions")
    void shouldKeepWhatTheStepsReturnInProgramData(String version) {
        // a script keeps a step's value in a variable: it is in the program's state from then on
        // with a dataset sent and one diverged: lists of maps and of strings, as a script reads them
        DatasetName source = DatasetName.of("tank/home");
        DatasetName target = DatasetName.of("backup/tank/home");
        ReplicationPlan plan = new ReplicationPlan(Instant.EPOCH, "local", "nas", List.of(
                new DatasetPlan(source, target, DatasetAction.SEND, "", List.of(new SendStep(source, target,
                        SendKind.FULL, null, new SnapshotRef("zr-20261204T020000Z", 1, 1, 1), null, false, -1))),
                new DatasetPlan(DatasetName.of("tank/e"), DatasetName.of("backup/tank/e"), DatasetAction.DIVERGED,
                        "changed after zr-1", List.of())));
        Map<String, Object> value = PlanCallable.summary(plan, "zr-20261204T020000Z", List.of("one", "two")).toMap();

        Object readBack = RiverVersions.programData(version).apply(value).get("object");

        assertThat(readBack).isEqualTo(value);
        assertThat(((List<?>) value.get("sent"))).hasSize(1);
    }
}
