package io.jenkins.plugins.zfsreplication.steps.shared;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;

import hudson.model.FreeStyleBuild;
import hudson.model.Computer;
import hudson.model.FreeStyleProject;
import hudson.model.Item;
import hudson.model.Label;
import hudson.model.Node;
import hudson.model.Queue;
import hudson.model.Result;
import hudson.model.User;
import hudson.model.queue.CauseOfBlockage;
import hudson.model.queue.QueueTaskDispatcher;
import hudson.security.ACL;
import hudson.slaves.DumbSlave;
import io.jenkins.plugins.zfsreplication.steps.check.ZfsCheckBuilder;
import io.jenkins.plugins.zfsreplication.steps.check.ZfsCheckStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import jenkins.model.Jenkins;
import jenkins.security.QueueItemAuthenticatorConfiguration;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.MockAuthorizationStrategy;
import org.jvnet.hudson.test.MockQueueItemAuthenticator;
import org.jvnet.hudson.test.TestExtension;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/**
 * targetAgent asks Jenkins whether the build may run on that agent, as the queue would, before
 * anything runs there (root build only: {@code mvn verify}). zfsCheck is the step: it only reads,
 * and where it is let in it lists the target on that agent and reports OK.
 */
@WithJenkins
@ExtendWith(ZfsTestBed.class)
class TargetAgentITest {
    private static final String REFUSED = "Jenkins does not let this build run on agent '";

    @Test
    void shouldRefuseAnExclusiveAgentToAProjectWhoseLabelItLacks(JenkinsRule r, TestPools pools) throws Exception {
        r.createOnlineSlave(Label.get("zfs"));
        DumbSlave backup = r.createOnlineSlave(Label.get("backup"));
        backup.setMode(Node.Mode.EXCLUSIVE);
        DatasetName[] pair = replicated(pools);

        FreeStyleProject restricted = freestyle(r, "restricted", pair, backup);
        restricted.setAssignedLabel(Label.get("zfs"));
        FreeStyleBuild refused = r.buildAndAssertStatus(Result.FAILURE, restricted);
        r.assertLogContains("zfsCheck: " + REFUSED + backup.getNodeName() + "'", refused);
        r.assertLogNotContains("ZFS-REPLICATION OK", refused);
        assertThat(refused.getArtifacts()).isEmpty();

        // a project that may run anywhere is not let onto an EXCLUSIVE agent either
        FreeStyleBuild anywhere = r.buildAndAssertStatus(Result.FAILURE, freestyle(r, "anywhere", pair, backup));
        r.assertLogContains("zfsCheck: " + REFUSED + backup.getNodeName() + "'", anywhere);

        // a label naming both agents lets it in
        FreeStyleProject both = freestyle(r, "both", pair, backup);
        both.setAssignedLabel(Label.get("zfs||backup"));
        r.assertLogContains("ZFS-REPLICATION OK", r.buildAndAssertSuccess(both));
        // a Pipeline names the agent as node('name') does, which EXCLUSIVE mode lets in
        r.assertLogContains("ZFS-REPLICATION OK", r.buildAndAssertSuccess(pipeline(r, "named", pair, backup)));
    }

    @Test
    void shouldRefuseAnAgentMarkedTemporarilyOffline(JenkinsRule r, TestPools pools) throws Exception {
        r.createOnlineSlave(Label.get("zfs"));
        DumbSlave backup = r.createOnlineSlave(Label.get("backup"));
        DatasetName[] pair = replicated(pools);
        backup.toComputer().setTemporarilyOffline(true, null);

        WorkflowRun refused = r.buildAndAssertStatus(Result.FAILURE, pipeline(r, "offline", pair, backup));
        r.assertLogContains("zfsCheck: " + REFUSED + backup.getNodeName() + "': it is marked temporarily offline",
                refused);
        r.assertLogNotContains("ZFS-REPLICATION OK", refused);
    }

    @Test
    void shouldRefuseAnAgentAQueueTaskDispatcherVetoes(JenkinsRule r, TestPools pools) throws Exception {
        r.createOnlineSlave(Label.get("zfs"));
        DumbSlave backup = r.createOnlineSlave(Label.get("backup"));
        DatasetName[] pair = replicated(pools);

        WorkflowRun refused = r.buildAndAssertStatus(Result.FAILURE, pipeline(r, "vetoed", pair, backup));
        r.assertLogContains("zfsCheck: " + REFUSED + backup.getNodeName() + "': " + Veto.REASON, refused);
        r.assertLogNotContains("ZFS-REPLICATION OK", refused);
    }

    @Test
    void shouldLetInAnAgentEveryRuleAllows(JenkinsRule r, TestPools pools) throws Exception {
        r.createOnlineSlave(Label.get("zfs"));
        DumbSlave backup = r.createOnlineSlave(Label.get("backup"));
        DatasetName[] pair = replicated(pools);

        WorkflowRun allowed = r.buildAndAssertSuccess(pipeline(r, "allowed", pair, backup));
        r.assertLogContains("ZFS-REPLICATION OK - 1 dataset(s) replicated", allowed);
        r.assertLogNotContains(REFUSED, allowed);
    }

    @Test
    void shouldRefuseAnAgentTheBuildsAuthenticationMayNotBuildOn(JenkinsRule r, TestPools pools) throws Exception {
        r.createOnlineSlave(Label.get("zfs"));
        DumbSlave backup = r.createOnlineSlave(Label.get("backup"));
        DatasetName[] pair = replicated(pools);
        // builder may build on the zfs agent (where the build runs), not on backup; operator on both
        r.jenkins.setSecurityRealm(r.createDummySecurityRealm());
        r.jenkins.setAuthorizationStrategy(new AgentBuildWithheld(backup.getNodeName(), "builder")
                .grant(Jenkins.READ, Item.READ, Computer.BUILD).everywhere().to("builder", "operator"));
        FreeStyleProject restricted = freestyle(r, "restricted", pair, backup);
        restricted.setAssignedLabel(Label.get("zfs"));
        WorkflowJob pipeline = pipeline(r, "restricted-pipeline", pair, backup);
        FreeStyleProject allowed = freestyle(r, "allowed", pair, backup);
        allowed.setAssignedLabel(Label.get("zfs"));
        QueueItemAuthenticatorConfiguration.get().getAuthenticators().add(new MockQueueItemAuthenticator()
                .authenticate("restricted", User.getById("builder", true).impersonate2())
                .authenticate("restricted-pipeline", User.getById("builder", true).impersonate2())
                .authenticate("allowed", User.getById("operator", true).impersonate2()));

        String refusal = "this build may not build on agent '" + backup.getNodeName() + "' (it lacks Agent/Build there)";
        FreeStyleBuild refused = r.buildAndAssertStatus(Result.FAILURE, restricted);
        r.assertLogContains("zfsCheck: " + refusal, refused);
        r.assertLogNotContains("ZFS-REPLICATION OK", refused);
        WorkflowRun refusedPipeline = r.buildAndAssertStatus(Result.FAILURE, pipeline);
        r.assertLogContains("zfsCheck: " + refusal, refusedPipeline);
        r.assertLogNotContains("ZFS-REPLICATION OK", refusedPipeline);

        // the same step, as someone who may build on both agents
        r.assertLogContains("ZFS-REPLICATION OK", r.buildAndAssertSuccess(allowed));
    }

    /**
     * MockAuthorizationStrategy grants on agents what it grants on Jenkins itself (AuthorizationStrategy's
     * getACL(Node) is the root ACL): this one withholds Agent/Build on one agent from one user.
     */
    public static final class AgentBuildWithheld extends MockAuthorizationStrategy {
        private final String agent;
        private final String user;

        AgentBuildWithheld(String agent, String user) {
            this.agent = agent;
            this.user = user;
        }

        @Override
        public ACL getACL(Node node) {
            ACL granted = super.getACL(node);
            return !node.getNodeName().equals(agent) ? granted : ACL.lambda2((authentication, permission) ->
                    !(permission == Computer.BUILD && authentication.getName().equals(user))
                            && granted.hasPermission2(authentication, permission));
        }
    }

    /** Refuses every agent labelled backup to every build, in the one test that names it. */
    @TestExtension("shouldRefuseAnAgentAQueueTaskDispatcherVetoes")
    public static final class Veto extends QueueTaskDispatcher {
        static final String REASON = "backups are frozen by the test's dispatcher";

        @Override
        public CauseOfBlockage canTake(Node node, Queue.BuildableItem item) {
            return Label.get("backup").contains(node)
                    ? new CauseOfBlockage() {
                        @Override
                        public String getShortDescription() {
                            return REASON;
                        }
                    }
                    : null;
        }
    }

    /** A source and its copy on the target with one common snapshot: what zfsCheck reports OK. */
    private static DatasetName[] replicated(TestPools pools) throws Exception {
        DatasetName source = pools.create("tasrc");
        DatasetName target = pools.create("tadst");
        pools.exec("zfs", "snapshot", source + "@zr-20261201T000000Z");
        List<Process> processes = ProcessBuilder.startPipeline(List.of(
                new ProcessBuilder("zfs", "send", source + "@zr-20261201T000000Z"),
                new ProcessBuilder("zfs", "recv", target + "/copy")));
        for (Process process : processes) {
            assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        }
        return new DatasetName[] {source, target};
    }

    private static FreeStyleProject freestyle(JenkinsRule r, String name, DatasetName[] pair, DumbSlave target)
            throws Exception {
        ZfsCheckStep check = new ZfsCheckStep(pair[0].name(), pair[1] + "/copy");
        check.setTargetAgent(target.getNodeName());
        check.setWarn("1000d");
        check.setCrit("2000d");
        FreeStyleProject project = r.createFreeStyleProject(name);
        project.getBuildersList().add(new ZfsCheckBuilder(check));
        return project;
    }

    private static WorkflowJob pipeline(JenkinsRule r, String name, DatasetName[] pair, DumbSlave target)
            throws Exception {
        WorkflowJob job = r.createProject(WorkflowJob.class, name);
        job.setDefinition(new CpsFlowDefinition("node('zfs') {\n"
                + "  zfsCheck sources: '" + pair[0] + "', targetRoot: '" + pair[1] + "/copy', targetAgent: '"
                + target.getNodeName() + "', warn: '1000d', crit: '2000d'\n"
                + "}\n", true));
        return job;
    }
}
