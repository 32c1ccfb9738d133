package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import picocli.CommandLine;

/** The flags that turn a safe default off reach the engine, and only when given. */
class TransferCliOptionsTest {
    @Test
    void shouldLeaveTheSafeDefaultsUnlessAFlagTurnsThemOff() {
        TransferOptions defaults = parse().toOptions();
        assertThat(List.of(defaults.sendDecrypted(), defaults.createParents(), defaults.mountReceived(),
                defaults.tcpPlaintext())).containsExactly(false, false, false, false);

        TransferOptions asked = parse("--send-decrypted", "--create-parents", "--mount-received", "--plaintext")
                .toOptions();
        assertThat(List.of(asked.sendDecrypted(), asked.createParents(), asked.mountReceived(), asked.tcpPlaintext()))
                .containsExactly(true, true, true, true);
    }

    private static TransferCliOptions parse(String... args) {
        TransferCliOptions options = new TransferCliOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }
}
