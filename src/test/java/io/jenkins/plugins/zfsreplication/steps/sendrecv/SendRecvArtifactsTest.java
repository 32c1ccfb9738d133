package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.views.TransferCounts;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What zfsSendRecv archives comes from its settings, not from the agent's answer; and the ssh key
 * is asked for with the host it is for.
 */
class SendRecvArtifactsTest {
    private static SendRecvSettings settings(String transport, String sshHost) {
        return new SendRecvSettings("plan.json", transport, sshHost, "", "out/zfs", TransferOptions.defaults());
    }

    @Test
    void shouldArchiveTheFilesTheSettingsNameWhateverTheAgentReported() {
        SendRecvSummary fromAgent = new SendRecvSummary(true, false, new TransferCounts(1, 2, 0, 0, 4096, 1.5), "",
                List.of("../../../secrets/master.key", "out/zfs/transfer.json", "config.xml"), List.of());

        assertThat(fromAgent.archiving(settings("local", "")).artifacts())
                .containsExactly("out/zfs/transfer.json", "out/zfs/throughput.csv", "out/zfs/throughput.svg");
        assertThat(fromAgent.archiving(settings("tcp", "")).artifacts()).containsExactly("out/zfs/transfer.json",
                "out/zfs/throughput.csv", "out/zfs/throughput.svg", "out/zfs/receive.log");
        assertThat(fromAgent.archiving(settings("local", ""))).usingRecursiveComparison().ignoringFields("artifacts")
                .isEqualTo(fromAgent);
    }

    @Test
    void shouldLookTheKeyUpForTheHostWithoutItsUser() {
        assertThat(settings("ssh", "backup@nas.example.org").sshHostName()).isEqualTo("nas.example.org");
        assertThat(settings("ssh", "nas").sshHostName()).isEqualTo("nas");
    }
}
