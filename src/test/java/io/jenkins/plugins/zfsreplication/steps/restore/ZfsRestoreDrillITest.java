package io.jenkins.plugins.zfsreplication.steps.restore;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import hudson.model.Descriptor;
import hudson.model.Label;
import hudson.model.Result;
import io.jenkins.plugins.zfsreplication.steps.views.DrillStepRecord;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/**
 * zfsRestoreDrill inside a real Jenkins (root build only), on a real agent JVM and real zfs-fuse
 * pools: the source's manifest made by zfsVerify, the drill on the agent, its record archived,
 * shown, fingerprinted and in audit.json; the scratch dataset gone. Bad input fails the build with
 * its one line before any agent work.
 */
@WithJenkins
class ZfsRestoreDrillITest {
    private final Zfs zfs = new Zfs(new ProcessCommandRunner());

    @Test
    @ExtendWith(ZfsTestBed.class)
    void shouldDrillOnAnAgentArchiveTheRecordAndLeaveNoScratchDataset(JenkinsRule r, TestPools pools) throws Exception {
        DatasetName source = pools.create("s").resolve("home");
        DatasetName pool = pools.create("b");
        DatasetName copy = pool.resolve("home");
        zfs.createFilesystem(source, Map.of());
        byte[] data = new byte[2 << 20];
        new Random(5).nextBytes(data);
        Files.write(pools.mountpoint(source).resolve("data.bin"), data);
        zfs.snapshot(List.of(source.snapshot("s1")), false);
        pools.pipe(List.of("zfs", "send", source + "@s1"), List.of("zfs", "recv", copy.name()));
        r.createOnlineSlave(Label.get("zfs"));
        WorkflowJob job = pipeline(r, "drill", """
                node('zfs') {
                    zfsVerify target: '%s@s1', name: 'source'
                    def drill = zfsRestoreDrill snapshot: '%s@s1', scratch: '%s', manifest: 'source.manifest'
                    echo "result=${drill.result} destroyed=${drill.scratchDestroyed} bytes=${drill.bytes > 0}"
                }
                """.formatted(source, copy, pool.resolve("drill")));

        WorkflowRun run = r.buildAndAssertSuccess(job);

        r.assertLogContains("result=identical destroyed=true bytes=true", run);
        assertThat(run.getArtifacts()).extracting(artifact -> artifact.relativePath).contains("restore-drill.json",
                "restore-drill.manifest", "restore-drill-report.json", "audit.json");
        DrillStepRecord shown = run.getAction(ZfsReplicationAction.class).getDrills().get(0);
        assertThat(shown.isPassed()).isTrue();
        assertThat(shown.getSnapshot()).isEqualTo(copy + "@s1");
        JsonNode audit = json(run, "audit.json");
        assertThat(audit.get("artifacts").toString()).contains("\"restore-drill.json\"");
        assertThat(audit.get("verdicts").toString()).contains("{\"artifact\":\"restore-drill.json\",\"verdict\":\"identical\"}");
        assertThat(zfs.list(List.of(pool), true, List.of()).objects().stream().map(ZfsObject::name).sorted().toList())
                .containsExactly(pool.name(), copy.name(), copy + "@s1");
    }

    @Test
    void shouldFailWithTheReasonBeforeAnyAgentWork(JenkinsRule r) throws Exception {
        WorkflowJob job = pipeline(r, "bad", """
                node {
                    zfsRestoreDrill snapshot: 'backup/home@s1', scratch: 'tank', manifest: 'source.manifest'
                }
                """);

        WorkflowRun run = r.buildAndAssertStatus(Result.FAILURE, job);

        r.assertLogContains("The scratch dataset tank is a pool: name a dataset inside one", run);
    }

    @Test
    void shouldKeepEveryFieldOfTheBuilderThroughItsConfigPage(JenkinsRule r) throws Exception {
        ZfsRestoreDrillStep drill = new ZfsRestoreDrillStep("backup/home@zr-20261129T000000Z", "backup/drill",
                "source.manifest");
        drill.setKeyFile("/etc/zfs/keys/home.key");
        drill.setRateLimit("200M");
        ZfsRestoreDrillBuilder builder = new ZfsRestoreDrillBuilder(drill);

        r.assertEqualDataBoundBeans(builder, r.configRoundtrip(builder));
    }

    private static JsonNode json(WorkflowRun run, String path) throws IOException {
        try (InputStream in = run.getArtifactManager().root().child(path).open()) {
            return new ObjectMapper().readTree(in);
        }
    }

    // CpsFlowDefinition's constructor throws FormException (a non-sandboxed script an admin did not approve)
    private static WorkflowJob pipeline(JenkinsRule r, String name, String script)
            throws IOException, Descriptor.FormException {
        WorkflowJob job = r.createProject(WorkflowJob.class, name);
        job.setDefinition(new CpsFlowDefinition(script, true));
        return job;
    }
}
