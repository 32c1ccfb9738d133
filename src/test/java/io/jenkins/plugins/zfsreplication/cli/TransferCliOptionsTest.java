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
        assertThat(List.of(defaults.stream().sendDecrypted(), defaults.receiving().createParents(), defaults.receiving().mountReceived(),
                defaults.stream().tcpPlaintext())).containsExactly(false, false, false, false);

        TransferOptions asked = parse("--send-decrypted", "--create-parents", "--mount-received", "--plaintext")
                .toOptions();
        assertThat(List.of(asked.stream().sendDecrypted(), asked.receiving().createParents(), asked.receiving().mountReceived(), asked.stream().tcpPlaintext()))
                .containsExactly(true, true, true, true);
    }

    private static TransferCliOptions parse(String... args) {
        TransferCliOptions options = new TransferCliOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }
}
