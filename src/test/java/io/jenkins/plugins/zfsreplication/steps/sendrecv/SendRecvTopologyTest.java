package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import io.jenkins.plugins.zfsreplication.steps.shared.FieldText;
import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.topology.Topology;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.zfs.End;
import org.junit.jupiter.api.Test;

/** zfsSendRecv's transport, sshHost and sourceHost fields read as a topology. */
class SendRecvTopologyTest {
    private static final End HERE = new End.ThisHost();
    private static final List<String> KEY = List.of("-i", "/tmp/key");

    private static SendRecvSettings settings(String transport, String sshHost, String sourceHost) {
        return new SendRecvSettings("plan.json", transport, sshHost, "-p 2222", "", TransferOptions.defaults(),
                sourceHost);
    }

    @Test
    void shouldReadEveryTransportWord() {
        assertThat(FieldText.transport("local")).isEqualTo(Carriage.PIPE);
        assertThat(FieldText.transport(" ssh ")).isEqualTo(Carriage.SSH);
        assertThat(FieldText.transport("tcp")).isEqualTo(Carriage.TCP);
        assertThatThrownBy(() -> FieldText.transport(" ftp ")).isInstanceOf(TransferException.class)
                .hasMessage("Unknown transport 'ftp': zfsSendRecv runs 'local', 'ssh' or 'tcp' (tcp needs targetAgent "
                        + "and tcpAddress)");
    }

    @Test
    void shouldMapEachFieldCombinationToItsTopology() {
        SendRecvSettings local = settings("", "", "");
        assertThat(List.of(local.transport(), local.sshDestination())).containsExactly("local", "");
        assertThat(local.topology("", List.of(), "")).isEqualTo(Topology.local());

        SendRecvSettings push = settings("ssh", " backup@nas ", "");
        assertThat(push.sshDestination()).isEqualTo("backup@nas");
        assertThat(push.topology("backup@nas", KEY, ""))
                .isEqualTo(new Topology(HERE, new End.OverSsh("backup@nas", KEY), Carriage.SSH));

        SendRecvSettings pull = settings("", "", "root@src");
        assertThat(List.of(pull.transport(), pull.sshDestination())).containsExactly("local", "root@src");
        assertThat(pull.topology("root@src", KEY, ""))
                .isEqualTo(new Topology(new End.OverSsh("root@src", KEY), HERE, Carriage.SSH));

        SendRecvSettings tcp = settings("tcp", "", "");
        assertThat(tcp.sshDestination()).isEmpty();
        assertThat(tcp.topology("", List.of(), "nas-b"))
                .isEqualTo(new Topology(HERE, new End.Elsewhere("nas-b"), Carriage.TCP));
    }
}
