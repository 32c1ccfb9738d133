package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.tcp.PinnedCertificate;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveEndpoints;
import io.jenkins.plugins.zfsreplication.transfer.tcp.RunCertificate;

/**
 * The receive endpoints a target agent reports are checked against the step's tcpAddress, tcpPort,
 * concurrency and TLS before the source's agent connects: a compromised target agent cannot point
 * the stream and its tokens elsewhere, or turn TLS off.
 */
class ForgedEndpointsTest {
    private static final PinnedCertificate PIN = RunCertificate.generate().pin();
    private static final SendRecvSettings TWO_LANES = new SendRecvSettings("plan.json", "tcp", null, null, "zfs-transfer",
            TransferOptions.defaults().withConcurrency(2));
    private static final SendRecvTarget FIXED_PORTS = new SendRecvTarget("backup", "10.0.0.2", 7000, "");
    private static final SendRecvTarget ANY_PORTS = new SendRecvTarget("backup", "10.0.0.2", 0, "");
    private static final String REFUSED = "zfsSendRecv: the receive endpoints from agent backup do not match the step's"
            + " settings: ";

    @TempDir
    Path dir;

    @Test
    void shouldTakeEndpointsWhereTheSettingsSayTheReceiverListens() throws Exception {
        ReceiveEndpoints fixed = endpoints("10.0.0.2", List.of(7000, 7001), "10.0.0.2", 7002, PIN);
        ReceiveEndpoints any = endpoints("10.0.0.2", List.of(41000, 39000), "10.0.0.2", 45000, PIN);

        assertThat(TcpSendRecv.checkEndpoints(fixed, TWO_LANES, FIXED_PORTS)).isSameAs(fixed);
        assertThat(TcpSendRecv.checkEndpoints(any, TWO_LANES, ANY_PORTS)).isSameAs(any);
    }

    @Test
    void shouldRefuseEndpointsThatPointElsewhere() {
        assertThat(refusal(endpoints("203.0.113.9", List.of(7000, 7001), "10.0.0.2", 7002, PIN), FIXED_PORTS))
                .isEqualTo(REFUSED + "they name the address 203.0.113.9 (control 10.0.0.2), not tcpAddress 10.0.0.2."
                        + " Nothing was sent");
        assertThat(refusal(endpoints("10.0.0.2", List.of(7000, 7001), "203.0.113.9", 7002, PIN), ANY_PORTS))
                .isEqualTo(REFUSED + "they name the address 10.0.0.2 (control 203.0.113.9), not tcpAddress 10.0.0.2."
                        + " Nothing was sent");
        assertThat(refusal(endpoints("10.0.0.2", List.of(22, 7001), "10.0.0.2", 7002, PIN), FIXED_PORTS))
                .isEqualTo(REFUSED + "they name the ports [22, 7001, 7002] (the last for control), not 7000-7002 from"
                        + " tcpPort. Nothing was sent");
        assertThat(refusal(endpoints("10.0.0.2", List.of(7000), "10.0.0.2", 7001, PIN), FIXED_PORTS))
                .isEqualTo(REFUSED + "they name 1 lane(s), not the 2 of concurrency. Nothing was sent");
        assertThat(refusal(endpoints("10.0.0.2", List.of(7000, 70000), "10.0.0.2", 7002, PIN), ANY_PORTS))
                .isEqualTo(REFUSED + "they name a port outside 1-65535. Nothing was sent");
        assertThat(refusal(endpoints("10.0.0.2", List.of(7000, 7001), "10.0.0.2", 7002, null), FIXED_PORTS))
                .isEqualTo(REFUSED + "they offer plaintext, and the step asks for TLS. Nothing was sent");
    }

    @Test
    void shouldReadAnEndpointsFileOnlyUpToItsBound() throws Exception {
        Path file = dir.resolve("endpoints");
        endpoints("10.0.0.2", List.of(7000, 7001), "10.0.0.2", 7002, PIN).write(file);
        try (InputStream in = Files.newInputStream(file)) {
            assertThat(TcpSendRecv.readEndpoints(in).host()).isEqualTo("10.0.0.2");
        }

        // a file grown past the bound by its agent is refused before it is read whole
        Files.write(file, new byte[(int) TcpSendRecv.ENDPOINTS_MAX_BYTES + 1]);
        Throwable refused;
        try (InputStream in = Files.newInputStream(file)) {
            refused = catchThrowable(() -> TcpSendRecv.readEndpoints(in));
        }
        assertThat(refused).isInstanceOf(AbortException.class).hasMessage("zfsSendRecv: The receiving side's endpoints file is"
                        + " larger than " + TcpSendRecv.ENDPOINTS_MAX_BYTES + " bytes: is it the right file?");
    }

    private static String refusal(ReceiveEndpoints endpoints, SendRecvTarget target) {
        Throwable thrown = catchThrowable(() -> TcpSendRecv.checkEndpoints(endpoints, TWO_LANES, target));
        assertThat(thrown).isInstanceOf(AbortException.class);
        return thrown.getMessage();
    }

    private static ReceiveEndpoints endpoints(String host, List<Integer> lanes, String control, int controlPort,
                                              PinnedCertificate pin) {
        return new ReceiveEndpoints(host, lanes, control, controlPort, "a".repeat(32), List.of("b".repeat(32)), pin);
    }
}
