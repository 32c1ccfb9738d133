package io.jenkins.plugins.zfsreplication.steps.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.zfsreplication.steps.check.CheckRunner;
import io.jenkins.plugins.zfsreplication.steps.check.ZfsCheckStep;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import java.util.List;

import org.junit.jupiter.api.Test;

/** zfsSnapshotPlan with sourceHost: the source is listed over ssh with the step's ssh options; bad combinations refused. */
class PlanPullSettingsTest {

    @Test
    void shouldListTheSourceOverSshWhenThePlanPulls() {
        ZfsSnapshotPlanStep step = new ZfsSnapshotPlanStep("tank/home", "backup/home");
        step.setSourceHost(" root@src ");
        step.setSshOptions(" -p 2222  -o StrictHostKeyChecking=yes ");
        PlanSettings settings = step.settings();
        assertThat(settings.source().destination()).isEqualTo("root@src");
        assertThat(settings.source().sshOptionList()).containsExactly("-p", "2222", "-o", "StrictHostKeyChecking=yes");
        assertThat(settings.target().sshHost()).isNull(); // the target: this agent's pools

        for (String none : new String[] {null, "", "  "}) {
            ZfsSnapshotPlanStep local = new ZfsSnapshotPlanStep("tank/home", "backup/home");
            local.setSourceHost(none);
            assertThat(local.settings().source().destination()).isNull();
            assertThat(local.settings().source().sshOptionList()).isEmpty();
        }
    }

    @Test
    void shouldTrustAPulledSourcesOptOutOnlyWhenTheStepSaysSo() {
        ZfsSnapshotPlanStep pull = new ZfsSnapshotPlanStep("tank/home", "backup/home");
        pull.setSourceHost("root@src");
        assertThat(pull.isTrustSourceOptOut()).isFalse();
        assertThat(pull.settings().options().selection().trustSourceOptOut()).isFalse();
        pull.setTrustSourceOptOut(true);
        assertThat(pull.settings().options().selection().trustSourceOptOut()).isTrue();

        // this agent's own pools: their property is the backup host's own say, trusted either way
        ZfsSnapshotPlanStep local = new ZfsSnapshotPlanStep("tank/home", "backup/home");
        assertThat(local.settings().options().selection().trustSourceOptOut()).isTrue();

        ZfsCheckStep check = new ZfsCheckStep("tank/home", "backup/home");
        check.setSourceHost("root@src");
        assertThat(check.runner(StepDefaults.BUILT_IN))
                .extracting(runner -> ((CheckRunner) runner).settings()
                        .options().selection().trustSourceOptOut()).isEqualTo(false);
        check.setTrustSourceOptOut(true);
        assertThat(check.runner(StepDefaults.BUILT_IN))
                .extracting(runner -> ((CheckRunner) runner).settings()
                        .options().selection().trustSourceOptOut()).isEqualTo(true);
    }

    @Test
    void shouldRefuseAMalformedSourceHost() {
        for (String bad : List.of("a b", "-oProxyCommand=x", "src;reboot", "backup@", "@src", "a@b@src")) {
            ZfsSnapshotPlanStep step = new ZfsSnapshotPlanStep("tank/home", "backup/home");
            step.setSourceHost(bad);
            assertThatThrownBy(step::settings).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("zfsSnapshotPlan: Invalid ssh destination '" + bad + "': use host or user@host");
        }
    }

    @Test
    void shouldRefuseATargetElsewhereWhenPulling() {
        ZfsSnapshotPlanStep host = new ZfsSnapshotPlanStep("tank/home", "backup/home");
        host.setSourceHost("src");
        host.setTargetHost("root@nas");
        assertThatThrownBy(host::settings).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("zfsSnapshotPlan: sourceHost pulls to the agent the step runs on, whose pools are the "
                        + "target; targetHost 'root@nas' names another: give one of them");

        ZfsSnapshotPlanStep agent = new ZfsSnapshotPlanStep("tank/home", "backup/home");
        agent.setSourceHost("src");
        assertThatThrownBy(() -> new PlanRunner(agent.settings(), " nas-b ", "", false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("zfsSnapshotPlan: sourceHost pulls to the agent the step runs on, whose pools are the "
                        + "target; targetAgent 'nas-b' names another: give one of them");
    }

    @Test
    void shouldRefuseSshFieldsWithoutASourceHost() {
        ZfsSnapshotPlanStep options = new ZfsSnapshotPlanStep("tank/home", "backup/home");
        options.setSshOptions("-p 2222");
        assertThatThrownBy(options::settings).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("zfsSnapshotPlan: sshOptions are for sourceHost (pull); without sourceHost the sources "
                        + "are this agent's pools");

        ZfsSnapshotPlanStep credential = new ZfsSnapshotPlanStep("tank/home", "backup/home");
        credential.setSshCredentialsId("storage-a-pull");
        assertThatThrownBy(credential::runner).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("zfsSnapshotPlan: sshCredentialsId is for sourceHost (pull); without sourceHost the "
                        + "sources are this agent's pools");
    }
}
