package io.jenkins.plugins.zfsreplication.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Ages as written and printed, and which threshold applies to which dataset. */
class AgeThresholdsTest {

    @Test
    void shouldSumUnitsAndPrintAgesShort() {
        assertThat(Ages.parseSeconds("26h")).isEqualTo(93_600);
        assertThat(Ages.parseSeconds("1d2h")).isEqualTo(93_600);
        assertThat(Ages.parseSeconds("1w90m5s")).isEqualTo(604_800 + 5400 + 5);
        assertThat(Ages.format(93_600)).isEqualTo("1d2h");
        assertThat(Ages.format(86_400 + 59 * 60)).isEqualTo("1d");
        assertThat(Ages.format(5400)).isEqualTo("1h30m");
        assertThat(Ages.format(59)).isEqualTo("59s");
        assertThat(Ages.format(-7200)).isEqualTo("-2h");
        assertThatThrownBy(() -> Ages.parseSeconds("26")).hasMessageContaining("a unit is missing after 26");
        assertThatThrownBy(() -> Ages.parseSeconds("h")).hasMessageContaining("expected a number at position 1");
        assertThatThrownBy(() -> Ages.parseSeconds("1y")).hasMessageContaining("unknown unit 'y' at position 2");
        assertThatThrownBy(() -> Ages.parseSeconds("999999999w")).hasMessageContaining("more than 100 years");
    }

    @Test
    void shouldTakeTheFirstMatchingPatternElseTheDefault() {
        AgeThresholds thresholds = AgeThresholds.parse(List.of("tank/db/**=2h", "tank/**=12h", "30h"),
                List.of("tank/db/**=4h", "60h"));

        assertThat(thresholds.warnSeconds("tank/db/pg")).isEqualTo(7200);
        assertThat(thresholds.critSeconds("tank/db/pg")).isEqualTo(14_400);
        assertThat(thresholds.warnSeconds("tank/home")).isEqualTo(43_200);
        assertThat(thresholds.critSeconds("tank/home")).isEqualTo(216_000);
        assertThat(thresholds.warnSeconds("other/x")).isEqualTo(108_000);
        assertThat(thresholds.describe()).isEqualTo("warn 1d6h, tank/db/**=2h, tank/**=12h, crit 2d12h, tank/db/**=4h");
        assertThat(AgeThresholds.defaults().describe()).isEqualTo("warn 1d2h, crit 2d2h");
    }

    @Test
    void shouldRefuseAWarningAgeAboveTheCriticalOneForTheSamePattern() {
        assertThatThrownBy(() -> AgeThresholds.parse(List.of("tank/db/**=5h"), List.of("tank/db/**=4h")))
                .hasMessage("The warning age 5h is above the critical age 4h for 'tank/db/**': a dataset would turn"
                        + " CRITICAL before WARNING; give --warn below --crit");
        assertThatThrownBy(() -> AgeThresholds.parse(List.of(), List.of("tank/db/**=4h")))
                .hasMessageContaining("The warning age 1d2h is above the critical age 4h for 'tank/db/**'");
    }
}
