package io.jenkins.plugins.zfsreplication.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/** Names print and parse back exactly; nothing else counts as ours. */
class SnapshotNamingTest {
    private final SnapshotNaming naming = SnapshotNaming.of("zr");

    @Test
    void shouldNameInUtcToTheSecond() {
        assertThat(naming.name(Instant.parse("2026-11-29T00:00:00.999Z"))).isEqualTo("zr-20261129T000000Z");
        assertThat(naming.timestampOf("zr-20240229T235959Z")).isEqualTo(Instant.parse("2024-02-29T23:59:59Z"));
    }

    @Test
    void shouldCountDaysAsJavaTimeDoesFromYearZeroToYear9999() {
        // every day of the years around the century rules, and every 13th day of the whole range
        for (LocalDate day = LocalDate.of(0, 1, 1); day.getYear() < 10_000;
             day = day.plusDays(day.getYear() % 100 <= 1 || day.getYear() % 100 == 99 ? 1 : 13)) {
            assertThat(SnapshotNaming.epochDay(day.getYear(), day.getMonthValue(), day.getDayOfMonth()))
                    .as("%s", day).isEqualTo(day.toEpochDay());
        }
        assertThat(naming.timestampOf("zr-21000229T000000Z")).isNull(); // 2100 is not a leap year
        assertThat(naming.timestampOf("zr-20000229T000000Z")).isEqualTo(Instant.parse("2000-02-29T00:00:00Z"));
    }

    @Property(tries = 500)
    void shouldParseBackEveryNameItPrints(@ForAll @LongRange(min = 0, max = 253_402_300_799L) long seconds) {
        Instant time = Instant.ofEpochSecond(seconds);

        assertThat(naming.timestampOf(naming.name(time))).isEqualTo(time);
    }

    @ParameterizedTest
    @ValueSource(strings = {"zr-20260230T000000Z", "zr-20261129T240000Z", "zr-20261129T000060Z", "zr-20261329T000000Z",
        "zr-2026112T000000Z", "zr-20261129T000000", "zr-20261129t000000Z", "zr-2026-1129T000000Z", "zrx20261129T000000Z",
        "other-20261129T000000Z", "zr-20261129T000000Z1", "manual"})
    void shouldNotTakeOtherNamesForOurs(String name) {
        assertThat(naming.timestampOf(name)).isNull();
        assertThat(naming.isCandidate(name)).isFalse();
    }

    @Test
    void shouldCountTheUserPatternAsCandidatesAndRefuseABadOne() {
        SnapshotNaming withPattern = SnapshotNaming.of("zr", "manual-.*");

        assertThat(withPattern.isCandidate("manual-1")).isTrue();
        assertThat(withPattern.isCandidate("xmanual-1")).isFalse();
        assertThatThrownBy(() -> SnapshotNaming.of("zr", "(")).hasMessageStartingWith("Invalid snapshot pattern '('");
        assertThatThrownBy(() -> SnapshotNaming.of("z r")).hasMessageStartingWith("Invalid snapshot prefix 'z r'");
    }
}
