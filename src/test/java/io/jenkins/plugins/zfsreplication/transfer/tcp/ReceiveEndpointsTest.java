package io.jenkins.plugins.zfsreplication.transfer.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The endpoints file carries the one-time tokens of a receiving side; whatever is wrong with it,
 * the message (which lands in a build log) names the line, never its text.
 */
class ReceiveEndpointsTest {
    private static final String CONTROL = "0123456789abcdef0123456789abcdef";
    private static final String STEP = "fedcba9876543210fedcba9876543210" + "00000001";

    @Test
    void shouldReadBackWhatItWrote(@TempDir Path folder) throws IOException {
        PinnedCertificate certificate = RunCertificate.generate().pin();
        for (PinnedCertificate pinned : java.util.Arrays.asList(certificate, null)) {
            ReceiveEndpoints endpoints = new ReceiveEndpoints("10.0.0.2", List.of(40001, 40002), "10.0.0.2", 40000,
                    CONTROL, List.of(STEP), pinned);
            Path file = folder.resolve("endpoints");

            endpoints.write(file);

            assertThat(ReceiveEndpoints.parse(Files.readString(file))).isEqualTo(endpoints);
            assertThat(endpoints.toString()).doesNotContain(CONTROL, STEP)
                    .endsWith(pinned == null ? ", plaintext" : ", TLS with certificate sha256 " + pinned.fingerprint());
        }
    }

    @Test
    void shouldNameTheBadLineWithoutShowingATokenOfIt() {
        String header = "zfs-replication receive endpoints 2\nhost 10.0.0.2\n";
        String plain = "\ncertificate none\n";
        String[][] cases = {
                {header + "control 10.0.0.2 40000" + plain + "lane 40001\n", "Line 3 of the receive endpoints must be 'control HOST PORT TOKEN'"},
                {header + "control 10.0.0.2 " + CONTROL + " 40000" + plain, "Line 3 of the receive endpoints names a port that is not a number"},
                {header + "control 10.0.0.2 " + CONTROL + " " + STEP + plain + "lane 1\n", "Line 3 of the receive endpoints names a port that is not a number"},
                {header + "controls 10.0.0.2 40000 " + CONTROL + plain, "Line 3 of the receive endpoints must be a 'control' line"},
                {header + "control 10.0.0.2 40000 " + CONTROL + plain + "lane 40001\nstepp " + STEP + "\n", "Line 6 of the receive endpoints must be a 'step' line"},
                {header + "control 10.0.0.2 40000 " + CONTROL + plain + "lane " + STEP + "\n", "Line 5 of the receive endpoints names a port that is not a number"},
                {header + "control 10.0.0.2 40000 " + CONTROL + "\nlane 40001\n", "Line 4 of the receive endpoints must be a 'certificate' line"},
                {header + "control 10.0.0.2 40000 " + CONTROL + "\ncertificate " + STEP + "!\n",
                        "The receiver's certificate must be one line of base64 as the receiver printed it"},
                {"zfs-replication receive endpoints 1\nhost 10.0.0.2\ncontrol 10.0.0.2 40000 " + CONTROL + "\nlane 1\n",
                        "Not a receive endpoints file (it must start with 'zfs-replication receive endpoints 2')"},
        };
        for (String[] c : cases) {
            Throwable refused = catchThrowable(() -> ReceiveEndpoints.parse(c[0]));
            assertThat(refused).as(c[0]).isInstanceOf(TransferException.class).hasMessage(c[1]);
            assertThat(refused.getMessage()).doesNotContain(CONTROL, STEP, "0123456789abcdef", "fedcba9876543210");
        }
    }
}
