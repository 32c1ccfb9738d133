package io.jenkins.plugins.zfsreplication.steps.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;

import hudson.model.Label;
import hudson.model.Result;
import io.jenkins.plugins.zfsreplication.steps.views.CheckRecord;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/**
 * zfsCheck inside a real Jenkins on a real agent (root build only: {@code mvn verify}): a fresh
 * copy leaves the build green, a late one makes it UNSTABLE, a missing one fails it; the build
 * page's record holds the ages.
 */
@WithJenkins
@ExtendWith(ZfsTestBed.class)
class ZfsCheckITest {

    @Test
    void shouldMarkTheBuildByTheAgeOfTheNewestCommonSnapshot(JenkinsRule r, TestPools pools) throws Exception {
        r.createOnlineSlave(Label.get("zfs"));
        DatasetName source = pools.create("icsrc");
        DatasetName target = pools.create("icdst");
        pools.exec("zfs", "snapshot", source + "@zr-20261201T000000Z");
        List<Process> processes = ProcessBuilder.startPipeline(List.of(
                new ProcessBuilder("zfs", "send", source + "@zr-20261201T000000Z"),
                new ProcessBuilder("zfs", "recv", target + "/copy")));
        for (Process process : processes) {
            assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        }

        // the snapshot's time is in its name: its age is the wall clock minus 2026-12-01T00:00Z
        WorkflowRun fresh = r.buildAndAssertSuccess(job(r, "fresh", source, target, "1000d", "2000d"));
        WorkflowRun late = r.buildAndAssertStatus(Result.UNSTABLE, job(r, "late", source, target, "1s", "2000d"));
        WorkflowRun gone = r.buildAndAssertStatus(Result.FAILURE, job(r, "gone", source, target, "1s", "2s"));

        r.assertLogContains("ZFS-REPLICATION OK - 1 dataset(s) replicated", fresh);
        r.assertLogContains("zfsCheck: marking the build UNSTABLE (WARNING)", late);
        r.assertLogContains("zfsCheck: ZFS-REPLICATION CRITICAL", gone);
        CheckRecord record = late.getAction(ZfsReplicationAction.class).getChecks().get(0);
        assertThat(record.getStatus()).isEqualTo("WARNING");
        assertThat(record.getDatasets()).extracting(CheckRecord.Dataset::getSource).containsExactly(source.name());
        assertThat(late.getArtifacts()).extracting(artifact -> artifact.relativePath)
                .containsExactlyInAnyOrder("check.json", "check.txt");
    }

    private static WorkflowJob job(JenkinsRule r, String name, DatasetName source, DatasetName target, String warn,
                                   String crit) throws Exception {
        WorkflowJob job = r.createProject(WorkflowJob.class, name);
        job.setDefinition(new CpsFlowDefinition("node('zfs') {\n"
                + "  def check = zfsCheck sources: '" + source + "', targetRoot: '" + target + "/copy', warn: '" + warn
                + "', crit: '" + crit + "'\n"
                + "  echo check.summary\n"
                + "}\n", true));
        return job;
    }
}
