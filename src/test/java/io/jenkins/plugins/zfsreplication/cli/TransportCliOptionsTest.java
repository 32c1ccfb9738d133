package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.topology.Topology;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpTransport;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** The command line's transport options as picocli parses them, read as a topology. */
class TransportCliOptionsTest {
    private static final End HERE = new End.ThisHost();

    @Command
    static final class Holder {
        @Mixin
        TransportCliOptions transport = new TransportCliOptions();
    }

    private static TransportCliOptions parse(String... args) {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs(args);
        return holder.transport;
    }

    @Test
    void shouldReadEveryTransportWordAsItsTopology() {
        assertThat(parse().topology(null)).isEqualTo(Topology.local());
        assertThat(parse("--transport", "local").topology(null)).isEqualTo(Topology.local());
        assertThat(parse("--transport", "ssh", "--host", "backup@nas", "--ssh-option=-p", "--ssh-option=2222")
                .topology(null)).isEqualTo(new Topology(HERE, new End.OverSsh("backup@nas", List.of("-p", "2222")),
                Carriage.SSH));
        TransportCliOptions tcp = parse("--transport", "tcp", "--listen", "10.0.0.2", "--port", "9000");
        assertThat(tcp.topology(null)).isEqualTo(new Topology(HERE, HERE, Carriage.TCP));
        assertThat(tcp.transport(tcp.topology(null))).isEqualTo(new TcpTransport("10.0.0.2", "10.0.0.2", 9000));
    }

    @Test
    void shouldPullToThisHostOrRelayToTheSshHost() {
        assertThat(parse("--ssh-option=-4").topology("root@src"))
                .isEqualTo(new Topology(new End.OverSsh("root@src", List.of("-4")), HERE, Carriage.SSH));
        assertThat(parse("--transport", "ssh", "--host", "nas").topology("root@src")).isEqualTo(new Topology(
                new End.OverSsh("root@src", List.of()), new End.OverSsh("nas", List.of()), Carriage.SSH));
    }

    @Test
    void shouldRefuseBadInputWithOneLineNamingIt() {
        assertThatThrownBy(() -> parse("--transport", "carrier-pigeon").topology(null))
                .isInstanceOf(TransferException.class)
                .hasMessage("Unknown transport 'carrier-pigeon': use local, tcp or ssh");
        assertThatThrownBy(() -> parse("--transport", "ssh").topology(null))
                .isInstanceOf(TransferException.class).hasMessage("The ssh transport needs --host [USER@]HOST");
        assertThatThrownBy(() -> parse("--transport", "ssh", "--host=-oProxyCommand=x").topology(null))
                .isInstanceOf(ZfsException.class)
                .hasMessage("Invalid ssh destination '-oProxyCommand=x': use host or user@host");
        assertThatThrownBy(() -> parse("--transport", "tcp").topology("root@src"))
                .isInstanceOf(TransferException.class).hasMessage("Pulling from root@src receives on this host or, "
                        + "with --transport ssh, on --host: --transport tcp does not go with it");
    }

    @Test
    void shouldReceiveWhereThePlanWasMadeForUnlessToldOtherwise() {
        TransportCliOptions plain = parse();
        assertThat(plain.towardsPlanTarget("local")).isNull();
        assertThat(plain.topology(null)).isEqualTo(Topology.local());
        assertThat(plain.towardsPlanTarget("backup@nas"))
                .isEqualTo("run: the plan was made for the target on backup@nas: receiving there over ssh");
        assertThat(plain.topology(null))
                .isEqualTo(new Topology(HERE, new End.OverSsh("backup@nas", List.of()), Carriage.SSH));
        assertThat(parse("--transport", "tcp").towardsPlanTarget("backup@nas")).isNull();
        assertThatThrownBy(() -> parse().towardsPlanTarget("agent:nas-b")).isInstanceOf(TransferException.class)
                .hasMessage("run: the plan was made for a target this host cannot reach (agent:nas-b): give "
                        + "--transport ssh --host [USER@]HOST, or plan again");
    }
}
