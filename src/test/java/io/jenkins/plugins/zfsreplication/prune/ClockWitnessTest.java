package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

/** The verdicts of {@link ClockWitness} at their edges: names and instants only, no clock read. */
class ClockWitnessTest {
    private static final Instant NOW = Instant.parse("2026-11-10T02:00:00Z");

    @Test
    void shouldAgreeUpToTheGapAfterAWitnessAndDisagreeBeyondIt() {
        assertThat(ClockWitness.judge(NOW, NOW.minus(Duration.ofDays(8)), null).verdict())
                .isEqualTo(ClockWitness.Verdict.AGREES);
        ClockWitness ahead = ClockWitness.judge(NOW, NOW.minus(Duration.ofDays(8)).minusSeconds(1), null);
        assertThat(ahead.verdict()).isEqualTo(ClockWitness.Verdict.AHEAD);
        assertThat(ahead.agesTrusted()).isFalse();
        assertThat(ahead.text()).isEqualTo("NOT witnessed: now 2026-11-10T02:00:00Z is 8 days after the previous"
                + " run's start (2026-11-02T01:59:59Z), more than 8 days: nothing is destroyed by age tonight");
    }

    @Test
    void shouldTellAClockThatWentBackBeyondTheTolerance() {
        assertThat(ClockWitness.judge(NOW, null, NOW.plus(Duration.ofMinutes(15))).verdict())
                .isEqualTo(ClockWitness.Verdict.AGREES);
        ClockWitness behind = ClockWitness.judge(NOW, null, NOW.plus(Duration.ofHours(3)));
        assertThat(behind.verdict()).isEqualTo(ClockWitness.Verdict.BEHIND);
        assertThat(behind.rule()).isEqualTo("protected: the clock is not witnessed (now 2026-11-10T02:00:00Z is 3 h"
                + " before the newest snapshot created before the plan (2026-11-10T05:00:00Z), more than 15 min):"
                + " nothing goes by age tonight");
    }

    @Test
    void shouldLetAnyWitnessThatDisagreesDecideAndJudgeAsBeforeWithoutOne() {
        // a night recorded yesterday, but the newest snapshot before the plan is a year old: the copy stopped
        ClockWitness stale = ClockWitness.judge(NOW, NOW.minus(Duration.ofDays(1)), NOW.minus(Duration.ofDays(365)));
        assertThat(stale.verdict()).isEqualTo(ClockWitness.Verdict.AHEAD);
        assertThat(stale.basis()).isEqualTo(ClockWitness.Basis.NEWEST_CREATION);
        ClockWitness both = ClockWitness.judge(NOW, NOW.minus(Duration.ofDays(2)), NOW.minus(Duration.ofDays(1)));
        assertThat(both.verdict()).isEqualTo(ClockWitness.Verdict.AGREES);
        assertThat(both.witness()).isEqualTo(NOW.minus(Duration.ofDays(1)));
        ClockWitness none = ClockWitness.judge(NOW, null, null);
        assertThat(none.verdict()).isEqualTo(ClockWitness.Verdict.NONE);
        assertThat(none.agesTrusted()).isTrue();
    }
}
