package io.jenkins.plugins.zfsreplication.steps;

import io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanBuilder;
import io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanStep;
import io.jenkins.plugins.zfsreplication.steps.prune.ZfsPruneBuilder;
import io.jenkins.plugins.zfsreplication.steps.prune.ZfsPruneStep;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvBuilder;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvStep;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.TransportSsh;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.steps.verify.ZfsVerifyBuilder;
import io.jenkins.plugins.zfsreplication.steps.verify.ZfsVerifyStep;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import hudson.model.Descriptor;
import hudson.model.Label;
import hudson.model.Result;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/**
 * The steps inside a real Jenkins (jenkins-test-harness, root build only: {@code mvn verify}),
 * run on a real agent JVM ({@code createOnlineSlave}), so that the callables really serialize.
 *
 * <p>The verify tests hash folders written by the Pipeline itself and need nothing else. The
 * plan-prune-send-verify test needs root and a running zfs-fuse daemon (real pools on sparse files); where they
 * are missing {@link ZfsTestBed} skips it with the reason (an assumption), and fails it under
 * CI=true, where a skipped ZFS test would hide that nothing was tested. The agent is a local
 * process of the same user, so it has the same rights on the pools as the test.
 *
 * <p>The summary assertion looks for an action whose class name starts with "Zfs" (the UI's
 * {@code ZfsReplicationAction}, branch jenkins-ui), so this class compiles without it.
 */
@WithJenkins
class ZfsStepsITest {
    private static final String AGENT_LABEL = "zfs";

    @Test
    void shouldVerifyOnAnAgentArchiveTheArtifactsAndShowTheSummary(JenkinsRule r) throws Exception {
        r.createOnlineSlave(Label.get(AGENT_LABEL));
        WorkflowJob job = pipeline(r, "verify", """
                node('zfs') {
                    writeFile file: 'data/a.txt', text: 'same bytes'
                    def result = zfsVerify target: 'data', name: 'source'
                    echo "compared=${result.compared} identical=${result.identical}"
                }
                """);

        WorkflowRun run = r.buildAndAssertSuccess(job);

        assertThat(run.getArtifacts()).extracting(artifact -> artifact.relativePath).containsExactlyInAnyOrder(
                "source.manifest", "source-report.json", "source-throughput.csv", "source-throughput.svg", "audit.json");
        assertThat(archived(run, "source.manifest")).contains("a.txt");
        r.assertLogContains("compared=false identical=true", run);
        assertThat(run.getAllActions()).extracting(action -> action.getClass().getSimpleName())
                .anyMatch(name -> name.startsWith("Zfs"));
    }

    @Test
    void shouldFailTheBuildWhenTheCopyDiffersAndStillArchiveItsManifest(JenkinsRule r) throws Exception {
        r.createOnlineSlave(Label.get(AGENT_LABEL));
        // same length, different bytes: only the chunk hash can tell them apart
        WorkflowJob job = pipeline(r, "mismatch", """
                node('zfs') {
                    writeFile file: 'left/a.txt', text: 'original'
                    writeFile file: 'right/a.txt', text: 'changed!'
                    zfsVerify target: 'left', name: 'left'
                    zfsVerify target: 'right', name: 'right', compareWith: 'left.manifest'
                    echo 'not reached'
                }
                """);

        WorkflowRun run = r.buildAndAssertStatus(Result.FAILURE, job);

        r.assertLogContains("zfsVerify: right differs from left.manifest", run);
        r.assertLogNotContains("not reached", run);
        assertThat(run.getArtifacts()).extracting(artifact -> artifact.relativePath)
                .contains("left.manifest", "right.manifest", "right-report.json");
    }

    @Test
    @ExtendWith(ZfsTestBed.class)
    void shouldPlanPruneSendAndVerifyOnAnAgentBetweenRealPools(JenkinsRule r, TestPools pools) throws Exception {
        Zfs zfs = new Zfs(new ProcessCommandRunner());
        DatasetName source = pools.create("s").resolve("data");
        DatasetName target = pools.create("t").resolve("data");
        zfs.createFilesystem(source, Map.of());
        Files.write(pools.mountpoint(source).resolve("file.bin"), new byte[300 << 10]);
        zfs.snapshot(List.of(source.snapshot("zr-20261129T000000Z")), false);
        Files.write(pools.mountpoint(source).resolve("more.bin"), new byte[100 << 10]);
        zfs.snapshot(List.of(source.snapshot("zr-20261130T000000Z")), false);
        r.createOnlineSlave(Label.get(AGENT_LABEL));
        // no target yet: a full send of the older snapshot, then an incremental to the newer one
        WorkflowJob job = pipeline(r, "nightly", """
                node('zfs') {
                    echo zfsSnapshotPlan(sources: '%1$s', targetRoot: '%2$s')
                    echo zfsPrune(keepTarget: 'last: 5', keepSource: 'last: 5')
                    def sent = zfsSendRecv plan: 'plan.json'
                    echo "succeeded=${sent.succeeded} steps=${sent.steps} failed=${sent.failedSteps}"
                    zfsVerify target: '%1$s@zr-20261130T000000Z', name: 'source'
                    def copy = zfsVerify target: '%2$s@zr-20261130T000000Z', name: 'copy', compareWith: 'source.manifest'
                    echo "identical=${copy.identical}"
                }
                """.formatted(source, target));

        WorkflowRun run = r.buildAndAssertSuccess(job);

        r.assertLogContains("succeeded=true steps=2 failed=0", run);
        r.assertLogContains("identical=true", run);
        assertThat(run.getArtifacts()).extracting(artifact -> artifact.relativePath).contains(
                "plan.json", "plan.txt", "prune-report.json",
                "zfs-transfer/transfer.json", "zfs-transfer/throughput.csv", "zfs-transfer/throughput.svg",
                "source.manifest", "copy.manifest", "copy-report.json");
        assertThat(archived(run, "zfs-transfer/transfer.json")).contains(source + "@zr-20261130T000000Z");
        // the oracle: ZFS itself says the target now holds both snapshots with the source's GUIDs
        for (String snapshot : List.of("zr-20261129T000000Z", "zr-20261130T000000Z")) {
            assertThat(zfs.list(List.of(target), false, List.of()).find(target + "@" + snapshot).orElseThrow().guid())
                    .isEqualTo(zfs.list(List.of(source), false, List.of()).find(source + "@" + snapshot).orElseThrow()
                            .guid());
        }
    }

    @Test
    void shouldKeepEveryFieldOfThePlanAndPruneBuildersThroughTheirConfigPages(JenkinsRule r) throws Exception {
        ZfsSnapshotPlanStep plan = new ZfsSnapshotPlanStep("tank", "backup/storage-a/tank");
        plan.setRecursive(true);
        plan.setTargetHost("backup@nas-b");
        plan.setIncludes("tank/home/**");
        plan.setExcludes("tank/home/cache");
        plan.setPrefix("nightly");
        plan.setSnapshotNow(true);
        plan.setAllowRollback(true);
        ZfsSnapshotPlanBuilder planBuilder = new ZfsSnapshotPlanBuilder(plan);
        r.assertEqualDataBoundBeans(planBuilder, r.configRoundtrip(planBuilder));

        ZfsPruneStep prune = new ZfsPruneStep();
        prune.setPlan("out/plan.json");
        prune.setKeepTarget("grid: 1x1d(keep=all) | 14x1d");
        prune.setKeepSource("last: 7");
        prune.setPrefix("nightly");
        prune.setNow("newest");
        prune.setDestroy(true);
        ZfsPruneBuilder pruneBuilder = new ZfsPruneBuilder(prune);
        r.assertEqualDataBoundBeans(pruneBuilder, r.configRoundtrip(pruneBuilder));
    }

    @Test
    void shouldKeepEveryFieldOfTheSendRecvBuilderThroughItsConfigPage(JenkinsRule r) throws Exception {
        ZfsSendRecvStep sendRecv = new ZfsSendRecvStep("out/plan.json");
        TransportSsh ssh = new TransportSsh("backup@nas-b");
        ssh.setOptions("-i /var/lib/jenkins/.ssh/zfs_backup");
        sendRecv.setTransport(ssh);
        sendRecv.setConcurrency(4);
        sendRecv.setOptions("compressed,resumable");
        sendRecv.setCompression("zstd");
        sendRecv.setBuffer("128M");
        sendRecv.setRateLimit("50M");
        sendRecv.setArtifacts("transfer");
        sendRecv.setTargetRules("last: 7");
        sendRecv.setPrefix("nightly");
        ZfsSendRecvBuilder builder = new ZfsSendRecvBuilder(sendRecv);

        r.assertEqualDataBoundBeans(builder, r.configRoundtrip(builder));

        // a job saved with the string form comes back from its page as the choice, and runs the same
        ZfsSendRecvStep stringForm = new ZfsSendRecvStep("out/plan.json");
        stringForm.setTransport("ssh");
        stringForm.setSshHost("backup@nas-b");
        stringForm.setSshOptions("-i /var/lib/jenkins/.ssh/zfs_backup");
        ZfsSendRecvStep saved = r.configRoundtrip(new ZfsSendRecvBuilder(stringForm)).getSendRecv();
        assertThat(saved.getTransport()).isEqualTo(ssh);
        assertThat(saved.runner(StepDefaults.BUILT_IN)).isEqualTo(stringForm.runner(StepDefaults.BUILT_IN));
    }

    @Test
    void shouldBindTheTransportInBothPipelineForms(JenkinsRule r) throws Exception {
        r.createOnlineSlave(Label.get(AGENT_LABEL));
        // each fails on the controller before any agent work, with the message of the form it was bound in
        WorkflowJob job = pipeline(r, "transports", """
                node('zfs') {
                    try {
                        zfsSendRecv plan: 'plan.json', transport: 'ftp'
                    } catch (e) {
                        echo "string form: ${e.message}"
                    }
                    try {
                        zfsSendRecv plan: 'plan.json', transport: ssh(host: 'nas-a'), sshHost: 'nas-b'
                    } catch (e) {
                        echo "object form: ${e.message}"
                    }
                }
                """);

        WorkflowRun run = r.buildAndAssertSuccess(job);

        r.assertLogContains("string form: Unknown transport 'ftp'", run);
        r.assertLogContains("object form: zfsSendRecv: sshHost 'nas-b' and transport: ssh give two values", run);
    }

    @Test
    void shouldKeepEveryFieldOfTheVerifyBuilderThroughItsConfigPage(JenkinsRule r) throws Exception {
        ZfsVerifyStep verify = new ZfsVerifyStep("backup/vm@zr-20261130T020000Z");
        verify.setName("copy");
        verify.setBlockSize("4M");
        verify.setCount(2);
        verify.setHash("sha256");
        verify.setSparse("zeros");
        verify.setThreads(2);
        verify.setCompareWith("source.manifest");
        verify.setFailOnMismatch(false);
        ZfsVerifyBuilder builder = new ZfsVerifyBuilder(verify);

        r.assertEqualDataBoundBeans(builder, r.configRoundtrip(builder));
    }

    // CpsFlowDefinition's constructor throws FormException (a non-sandboxed script an admin did not approve)
    private static WorkflowJob pipeline(JenkinsRule r, String name, String script)
            throws IOException, Descriptor.FormException {
        WorkflowJob job = r.createProject(WorkflowJob.class, name);
        job.setDefinition(new CpsFlowDefinition(script, true));
        return job;
    }

    private static String archived(WorkflowRun run, String path) throws IOException {
        try (InputStream in = run.getArtifactManager().root().child(path).open()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
