package io.jenkins.plugins.zfsreplication.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The one order of the four states, and reading a state's name. */
class CheckStatusTest {

    @Test
    void shouldOrderTheStatesOkWarningCriticalUnknownWhateverTheOrderTheyComeIn() {
        List<CheckStatus> all = List.of(CheckStatus.UNKNOWN, CheckStatus.OK, CheckStatus.CRITICAL, CheckStatus.WARNING);
        assertThat(all.stream().reduce(CheckStatus.OK, CheckStatus::worse)).isEqualTo(CheckStatus.UNKNOWN);
        // a dataset that could not be judged is never hidden behind an OK one
        assertThat(CheckStatus.worse(CheckStatus.OK, CheckStatus.UNKNOWN)).isEqualTo(CheckStatus.UNKNOWN);
        assertThat(CheckStatus.worse(CheckStatus.UNKNOWN, CheckStatus.OK)).isEqualTo(CheckStatus.UNKNOWN);
        assertThat(CheckStatus.worse(CheckStatus.CRITICAL, CheckStatus.WARNING)).isEqualTo(CheckStatus.CRITICAL);
        assertThat(CheckStatus.worse(CheckStatus.WARNING, CheckStatus.OK)).isEqualTo(CheckStatus.WARNING);
        assertThat(List.of(CheckStatus.values()).stream().map(CheckStatus::exitStatus).toList())
                .containsExactly(0, 1, 2, 3);
    }

    @Test
    void shouldReadTheFourNamesAndRefuseAnyOtherText() {
        for (CheckStatus status : CheckStatus.values()) {
            assertThat(CheckStatus.named(status.name())).isEqualTo(status);
        }
        for (String text : new String[] {"ok", "Warning", "", "CRITICAL ", "null"}) {
            assertThatThrownBy(() -> CheckStatus.named(text)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("'" + text + "' is not a check status (OK, WARNING, CRITICAL, UNKNOWN)");
        }
    }
}
