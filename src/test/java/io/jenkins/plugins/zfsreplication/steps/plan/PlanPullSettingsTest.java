package io.jenkins.plugins.zfsreplication.steps.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        assertThat(settings.sourceDestination()).isEqualTo("root@src");
        assertThat(settings.sshOptionList()).containsExactly("-p", "2222", "-o", "StrictHostKeyChecking=yes");
        assertThat(settings.host()).isNull(); // the target: this agent's pools

        for (String none : new String[] {null, "", "  "}) {
            ZfsSnapshotPlanStep local = new ZfsSnapshotPlanStep("tank/home", "backup/home");
            local.setSourceHost(none);
            assertThat(local.settings().sourceDestination()).isNull();
            assertThat(local.settings().sshOptionList()).isEmpty();
        }
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
