package io.jenkins.plugins.zfsreplication.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;

import io.jenkins.plugins.zfsreplication.transfer.LocalTransport;
import io.jenkins.plugins.zfsreplication.transfer.SshTransport;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpTransport;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import org.junit.jupiter.api.Test;

/** The words that name a carriage, the topologies the engine runs, and what each becomes. */
class TopologyTest {
    private static final End HERE = new End.ThisHost();
    private static final List<String> OPTIONS = List.of("-p", "2222");
    private static final End NAS = new End.OverSsh("backup@nas", OPTIONS);
    private static final End SOURCE = new End.OverSsh("root@src", OPTIONS);
    private static final ProcessCommandRunner LOCAL = new ProcessCommandRunner();

    @Test
    void shouldNameEveryCarriageByItsWordAndNothingElse() {
        assertThat(Carriage.named("local")).contains(Carriage.PIPE);
        assertThat(Carriage.named("ssh")).contains(Carriage.SSH);
        assertThat(Carriage.named("tcp")).contains(Carriage.TCP);
        assertThat(Carriage.named(" tcp ")).contains(Carriage.TCP);
        for (Carriage carriage : Carriage.values()) {
            assertThat(Carriage.named(carriage.word())).contains(carriage);
        }
        for (String other : new String[] {null, "", "TCP", "ssh-pull", "pipe", "udp"}) {
            assertThat(Carriage.named(other)).isEqualTo(Optional.empty());
        }
    }

    @Test
    void shouldPipeBetweenThisHostsPools() {
        Topology local = Topology.local();
        assertThat(local).isEqualTo(new Topology(HERE, HERE, Carriage.PIPE));
        assertThat(local.transport(null)).isInstanceOf(LocalTransport.class);
        assertThat(local.transport(null).name()).isEqualTo("local");
        assertThat(local.sourceZfs(LOCAL).runner()).isSameAs(LOCAL);
        assertThat(local.targetZfs(LOCAL).runner()).isSameAs(LOCAL);
        assertThat(local.pulls()).isFalse();
    }

    @Test
    void shouldPushPullAndRelayOverSsh() {
        SshTransport push = (SshTransport) new Topology(HERE, NAS, Carriage.SSH).transport(null);
        assertThat(List.of(push.name(), push.destination())).containsExactly("ssh", "backup@nas");
        assertThat(sshArgv(new Topology(HERE, NAS, Carriage.SSH).targetZfs(LOCAL))).startsWith("ssh", "-o",
                "BatchMode=yes", "-p", "2222");
        assertThat(new Topology(HERE, NAS, Carriage.SSH).sourceZfs(LOCAL).runner()).isSameAs(LOCAL);

        Topology pull = new Topology(SOURCE, HERE, Carriage.SSH);
        SshTransport pulled = (SshTransport) pull.transport(null);
        assertThat(List.of(pulled.name(), pulled.destination())).containsExactly("ssh-pull", "root@src");
        assertThat(pull.sourceZfs(LOCAL).host()).isEqualTo("root@src");
        assertThat(pull.targetZfs(LOCAL).runner()).isSameAs(LOCAL);
        assertThat(pull.pulls()).isTrue();

        Topology relay = new Topology(SOURCE, NAS, Carriage.SSH);
        SshTransport relayed = (SshTransport) relay.transport(null);
        assertThat(List.of(relayed.name(), relayed.destination())).containsExactly("ssh-relay", "backup@nas");
        assertThat(List.of(relay.sourceZfs(LOCAL).host(), relay.targetZfs(LOCAL).host()))
                .containsExactly("root@src", "backup@nas");
    }

    @Test
    void shouldSendOverTcpThroughTheGivenLink() {
        TcpTransport link = new TcpTransport("127.0.0.1", "127.0.0.1", 0);
        Topology here = new Topology(HERE, HERE, Carriage.TCP);
        assertThat(here.transport(link)).isEqualTo(new TcpTransport("127.0.0.1", "127.0.0.1", 0));
        assertThatThrownBy(() -> here.transport(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tcp from local to local needs a TcpTransport");

        Topology toAgent = new Topology(HERE, new End.Elsewhere("nas-b"), Carriage.TCP);
        Transport receiving = new LocalTransport();
        assertThat(toAgent.transport(receiving)).isSameAs(receiving);
        assertThatThrownBy(() -> toAgent.transport(link)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tcp from local to agent:nas-b needs the receiving end's transport");
        assertThatThrownBy(() -> toAgent.targetZfs(LOCAL))
                .hasMessage("The zfs of nas-b runs there, started by the orchestrator, not from this host");
    }

    @Test
    void shouldRefuseWhatTheEngineDoesNotRunWithOneLine() {
        End agent = new End.Elsewhere("nas-b");
        record Refused(End source, End target, Carriage carriage, String message) {
        }
        for (Refused refused : List.of(
                new Refused(HERE, NAS, Carriage.PIPE, "The local transport does not run from local to backup@nas"),
                new Refused(SOURCE, HERE, Carriage.PIPE, "The local transport does not run from root@src to local"),
                new Refused(HERE, HERE, Carriage.SSH, "The ssh transport does not run from local to local"),
                new Refused(HERE, agent, Carriage.SSH, "The ssh transport does not run from local to agent:nas-b"),
                new Refused(agent, NAS, Carriage.SSH, "The ssh transport does not run from agent:nas-b to backup@nas"),
                new Refused(new End.OverSsh("root@src", List.of()), NAS, Carriage.SSH,
                        "The ssh transport does not run from root@src to backup@nas"),
                new Refused(HERE, NAS, Carriage.TCP, "The tcp transport does not run from local to backup@nas"),
                new Refused(SOURCE, HERE, Carriage.TCP, "The tcp transport does not run from root@src to local"),
                new Refused(agent, HERE, Carriage.TCP, "The tcp transport does not run from agent:nas-b to local"))) {
            assertThatThrownBy(() -> new Topology(refused.source(), refused.target(), refused.carriage()))
                    .isInstanceOf(TransferException.class).hasMessage(refused.message());
        }
    }

    private static List<String> sshArgv(Zfs zfs) {
        return ((SshCommandRunner) zfs.runner()).wrap(List.of("zfs", "list"));
    }
}
