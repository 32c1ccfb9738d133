package io.jenkins.plugins.zfsreplication.steps.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import org.junit.jupiter.api.Test;

/** zfsCheck's ssh fields are zfsSnapshotPlan's: sourceHost, sshOptions, sshCredentialsId, and the same refusals. */
class CheckPullSettingsTest {
    @Test
    void shouldTakeTheSameSshFieldsAsThePlanAndRefuseTheSameCombinations() {
        ZfsCheckStep pull = new ZfsCheckStep("tank/home", "backup/home");
        pull.setSourceHost(" root@src ");
        pull.setSshOptions(" -p 2222 ");
        pull.setSshCredentialsId("src-key");
        assertThat(pull.settings().source().destination()).isEqualTo("root@src");
        assertThat(pull.settings().source().sshOptionList()).containsExactly("-p", "2222");
        assertThat(((CheckRunner) pull.runner(StepDefaults.BUILT_IN)).credentialsId()).isEqualTo("src-key");

        ZfsCheckStep host = new ZfsCheckStep("tank/home", "backup/home");
        host.setSourceHost("src");
        host.setTargetHost("root@nas");
        assertThatThrownBy(host::settings).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("zfsCheck: sourceHost lists the source from the agent the step runs on, whose pools are "
                        + "the target; targetHost 'root@nas' names another: give one of them");
        ZfsCheckStep agent = new ZfsCheckStep("tank/home", "backup/home");
        agent.setSourceHost("src");
        agent.setTargetAgent("nas-b");
        assertThatThrownBy(() -> agent.runner(StepDefaults.BUILT_IN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("zfsCheck: sourceHost lists the source from the agent the step runs on, whose pools are "
                        + "the target; targetAgent 'nas-b' names another: give one of them");
        ZfsCheckStep options = new ZfsCheckStep("tank/home", "backup/home");
        options.setSshOptions("-p 2222");
        assertThatThrownBy(options::settings).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("zfsCheck: sshOptions are for sourceHost (pull); without sourceHost the sources are this "
                        + "agent's pools");
        ZfsCheckStep credential = new ZfsCheckStep("tank/home", "backup/home");
        credential.setSshCredentialsId("src-key");
        assertThatThrownBy(() -> credential.runner(StepDefaults.BUILT_IN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("zfsCheck: sshCredentialsId is for sourceHost (pull); without sourceHost the sources are "
                        + "this agent's pools");
    }
}
