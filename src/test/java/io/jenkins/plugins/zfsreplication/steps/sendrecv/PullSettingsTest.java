package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.TargetScope;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import org.junit.jupiter.api.Test;

/** zfsSendRecv with sourceHost: what the fields become, and what is refused before any work. */
class PullSettingsTest {
    /** A system configuration that pushes over ssh by default: pulling must not inherit that transport. */
    private static final StepDefaults PUSHING = new StepDefaults("xxh64", "1M", 2, "ssh", "push-key");

    @Test
    void shouldPullOverSshWithTheStepsSshOptionsAndReceiveLocally() {
        ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");
        step.setSourceHost(" backup@src.example.org ");
        step.setSshOptions("-p 2222 -o UserKnownHostsFile=/var/lib/jenkins/.ssh/sources");
        SendRecvSettings settings = step.settings(PUSHING);
        assertThat(settings.pulls()).isTrue();
        assertThat(settings.transport()).isEqualTo("local");
        assertThat(settings.sourceHost()).isEqualTo("backup@src.example.org");
        assertThat(settings.sourceHostName()).isEqualTo("src.example.org");
        assertThat(settings.sshOptionList())
                .containsExactly("-p", "2222", "-o", "UserKnownHostsFile=/var/lib/jenkins/.ssh/sources");
        assertThat(step.credentialsId(PUSHING)).isEqualTo("push-key");
        // an explicit 'local' is the same pull
        step.setTransport("local");
        assertThat(step.settings(PUSHING)).isEqualTo(settings);
    }

    @Test
    void shouldNotPullWithoutASourceHost() {
        for (String none : new String[] {null, "", "   "}) {
            ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");
            step.setSshHost("nas");
            step.setSourceHost(none);
            SendRecvSettings settings = step.settings(PUSHING);
            assertThat(settings.pulls()).isFalse();
            assertThat(settings.transport()).isEqualTo("ssh");
            assertThat(settings.sourceHost()).isEmpty();
        }
    }

    @Test
    void shouldRefuseAPushingTransportWithAPull() {
        for (String transport : List.of("ssh", "tcp")) {
            ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");
            step.setSourceHost("src");
            step.setTransport(transport);
            step.setSshHost("ssh".equals(transport) ? "nas" : "");
            assertThatThrownBy(() -> step.settings(PUSHING)).isInstanceOf(TransferException.class)
                    .hasMessage("sourceHost pulls: zfs send runs on src over ssh and zfs recv on this agent, so "
                            + "transport '" + transport + "' does not go with it (leave transport empty or 'local'; "
                            + "sshOptions and sshCredentialsId are then for the source host)");
        }
        ZfsSendRecvStep relay = new ZfsSendRecvStep("plan.json");
        relay.setSourceHost("src");
        relay.setSshHost("nas");
        assertThatThrownBy(() -> relay.settings(StepDefaults.BUILT_IN)).isInstanceOf(TransferException.class)
                .hasMessage("sourceHost pulls to this agent; sshHost 'nas' is the target of the ssh transport: give "
                        + "one of them");
    }

    @Test
    void shouldRefuseAMalformedSourceHost() {
        for (String bad : List.of("-oProxyCommand=x", "a b", "src;reboot", "backup@", "@src", "a@b@src",
                "backup@-oProxyCommand=x")) {
            ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");
            step.setSourceHost(bad);
            assertThatThrownBy(() -> step.settings(StepDefaults.BUILT_IN)).isInstanceOf(ZfsException.class)
                    .hasMessage("Invalid ssh destination '" + bad + "': use host or user@host");
        }
    }

    @Test
    void shouldRefuseATargetAgentWithAPull() {
        ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");
        step.setSourceHost("src");
        step.setTargetAgent("nas-b");
        assertThatThrownBy(() -> new SendRecvRunner(step.settings(StepDefaults.BUILT_IN), "", step.target(), ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("zfsSendRecv: sourceHost pulls to this agent; targetAgent 'nas-b' is for transport 'tcp' "
                        + "from this agent: give one of them");
    }

    @Test
    void shouldSendOnlyAPlanListedOnTheSourceHostItPullsFrom() throws AbortException {
        SendRecvSettings pulling = settings("src.example.org");
        PlanSource.check(pulling, plan("backup@src.example.org", "local"));
        PlanSource.check(pulling, plan("src.example.org", "local"));
        assertThatThrownBy(() -> PlanSource.check(pulling, plan("local", "local")))
                .isInstanceOf(AbortException.class)
                .hasMessage("zfsSendRecv: plan.json lists the datasets of the agent that planned it, not of sourceHost "
                        + "'src.example.org': plan with zfsSnapshotPlan sourceHost: 'src.example.org' first; nothing was "
                        + "sent");
        assertThatThrownBy(() -> PlanSource.check(pulling, plan("root@other", "local")))
                .hasMessage("zfsSendRecv: plan.json lists the datasets of host 'root@other', not of sourceHost "
                        + "'src.example.org': plan with zfsSnapshotPlan sourceHost: 'src.example.org' first; nothing was "
                        + "sent");
        // the right source, but a target elsewhere: pulling receives on this agent
        assertThatThrownBy(() -> PlanSource.check(pulling, plan("src.example.org", "root@nas")))
                .hasMessage("zfsSendRecv: plan.json receives on 'root@nas', but sourceHost pulls to this agent's "
                        + "pools: plan with zfsSnapshotPlan sourceHost on this agent, without targetHost or targetAgent; "
                        + "nothing was sent");

        SendRecvSettings pushing = settings("");
        PlanSource.check(pushing, plan("local", "local"));
        PlanSource.check(pushing, plan("local", "agent:storage-1"));
        assertThatThrownBy(() -> PlanSource.check(pushing, plan("root@src", "local")))
                .hasMessage("zfsSendRecv: plan.json was planned by pulling from 'root@src': give sourceHost: 'src' to "
                        + "pull, or plan on the source's agent; nothing was sent");
        assertThatThrownBy(() -> PlanSource.check(pushing, plan("agent:storage-1", "local")))
                .hasMessageStartingWith("zfsSendRecv: plan.json was planned by pulling from 'agent:storage-1'");
    }

    @Test
    void shouldRefuseAPulledPlanOverTcpBeforeEitherAgentRunsAnything() {
        SendRecvSettings tcp = new SendRecvSettings("plan.json", "tcp", "", "", "zfs-transfer",
                io.jenkins.plugins.zfsreplication.transfer.TransferOptions.defaults());
        TargetScope scope = new TargetScope("zfsSendRecv", DatasetName.of("backup"));
        assertThatThrownBy(() -> TcpSendRecv.checkedPlan(tcp, scope, PlanJson.write(plan("root@src", "local"))))
                .isInstanceOf(AbortException.class)
                .hasMessage("zfsSendRecv: plan.json was planned by pulling from 'root@src': give sourceHost: 'src' to "
                        + "pull, or plan on the source's agent; nothing was sent");
    }

    private static ReplicationPlan plan(String sourceHost, String targetHost) {
        return new ReplicationPlan(Instant.EPOCH, sourceHost, targetHost, List.of(DatasetName.of("tank/home")),
                DatasetName.of("backup/home"), List.of());
    }

    /** The zfsSendRecv fields of a pull from {@code sourceHost} ("" for none), with the built-in defaults. */
    private static SendRecvSettings settings(String sourceHost) {
        ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");
        step.setSourceHost(sourceHost);
        return step.settings(StepDefaults.BUILT_IN);
    }
}
