package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.jenkins.plugins.zfsreplication.zfs.HostTime;

/** The verdicts of {@link ClockWitness} at their edges: names and instants only, no clock read. */
class ClockWitnessTest {
    private static final Instant NOW = Instant.parse("2026-11-10T02:00:00Z");

    /** "Now" and this host's clock are one here; no other host. */
    private static ClockWitness judge(Instant previousRun, Instant newestCreation) {
        return ClockWitness.judge(NOW, NOW, previousRun, newestCreation, List.of());
    }

    @Test
    void shouldAgreeUpToTheGapAfterAWitnessAndDisagreeBeyondIt() {
        assertThat(judge(NOW.minus(Duration.ofDays(8)), null).verdict())
                .isEqualTo(ClockWitness.Verdict.AGREES);
        ClockWitness ahead = judge(NOW.minus(Duration.ofDays(8)).minusSeconds(1), null);
        assertThat(ahead.verdict()).isEqualTo(ClockWitness.Verdict.AHEAD);
        assertThat(ahead.agesTrusted()).isFalse();
        assertThat(ahead.text()).isEqualTo("NOT witnessed: now 2026-11-10T02:00:00Z is 8 days after the previous"
                + " run's start (2026-11-02T01:59:59Z), more than 8 days: nothing is destroyed by age tonight");
    }

    @Test
    void shouldTellAClockThatWentBackBeyondTheTolerance() {
        assertThat(judge(null, NOW.plus(Duration.ofMinutes(15))).verdict())
                .isEqualTo(ClockWitness.Verdict.AGREES);
        ClockWitness behind = judge(null, NOW.plus(Duration.ofHours(3)));
        assertThat(behind.verdict()).isEqualTo(ClockWitness.Verdict.BEHIND);
        assertThat(behind.rule()).isEqualTo("protected: the clock is not witnessed (now 2026-11-10T02:00:00Z is 3 h"
                + " before the newest snapshot created before the plan (2026-11-10T05:00:00Z), more than 15 min):"
                + " nothing goes by age tonight");
    }

    @Test
    void shouldLetAnyWitnessThatDisagreesDecideAndJudgeAsBeforeWithoutOne() {
        // a night recorded yesterday, but the newest snapshot before the plan is a year old: the copy stopped
        ClockWitness stale = judge(NOW.minus(Duration.ofDays(1)), NOW.minus(Duration.ofDays(365)));
        assertThat(stale.verdict()).isEqualTo(ClockWitness.Verdict.AHEAD);
        assertThat(stale.basis()).isEqualTo(ClockWitness.Basis.NEWEST_CREATION);
        ClockWitness both = judge(NOW.minus(Duration.ofDays(2)), NOW.minus(Duration.ofDays(1)));
        assertThat(both.verdict()).isEqualTo(ClockWitness.Verdict.AGREES);
        assertThat(both.witness()).isEqualTo(NOW.minus(Duration.ofDays(1)));
        ClockWitness none = judge(null, null);
        assertThat(none.verdict()).isEqualTo(ClockWitness.Verdict.NONE);
        assertThat(none.agesTrusted()).isTrue();
    }

    @Test
    void shouldJudgeThisHostsClockByTheOtherHostsWithinTheToleranceWhateverItsOwnRecordsSay() {
        // the second night of a jump: yesterday's snapshot and run were stamped by the same wrong clock and agree
        Instant jumped = NOW.plus(Duration.ofDays(380));
        Instant yesterday = jumped.minus(Duration.ofDays(1));
        HostTime nas = new HostTime("nas", NOW);
        ClockWitness ahead = ClockWitness.judge(jumped, jumped, yesterday, yesterday, List.of(nas));
        assertThat(ahead.verdict()).isEqualTo(ClockWitness.Verdict.AHEAD);
        assertThat(ahead.basis()).isEqualTo(ClockWitness.Basis.OTHER_HOST);
        assertThat(ahead.host()).isEqualTo("nas");
        assertThat(ahead.text()).isEqualTo("NOT witnessed: this host's clock 2027-11-25T02:00:00Z is 380 days after"
                + " the clock of nas (2026-11-10T02:00:00Z), more than 15 min: nothing is destroyed by age tonight");
        // 15 min either way agrees; a second more does not, whichever clock is wrong
        assertThat(ClockWitness.judge(NOW, NOW, null, null, List.of(new HostTime("nas", NOW.plus(Duration
                .ofMinutes(15))))).verdict()).isEqualTo(ClockWitness.Verdict.AGREES);
        ClockWitness behind = ClockWitness.judge(NOW, NOW, null, null, List.of(new HostTime("src", NOW.plus(Duration
                .ofMinutes(15)).plusSeconds(1))));
        assertThat(behind.verdict()).isEqualTo(ClockWitness.Verdict.BEHIND);
        assertThat(behind.text()).isEqualTo("NOT witnessed: this host's clock 2026-11-10T02:00:00Z is 15 min before"
                + " the clock of src (2026-11-10T02:15:01Z), more than 15 min: nothing is destroyed by age tonight");
        assertThat(ClockWitness.judge(NOW, NOW, null, null, List.of(nas, new HostTime("far", NOW.minus(Duration
                .ofHours(1))))).host()).isEqualTo("far");
        // the other host agrees, and nothing else is known: witnessed by it
        ClockWitness agrees = ClockWitness.judge(NOW, NOW, null, null, List.of(nas));
        assertThat(agrees.verdict()).isEqualTo(ClockWitness.Verdict.AGREES);
        assertThat(agrees.text()).isEqualTo("witnessed: this host's clock 2026-11-10T02:00:00Z agrees with the clock"
                + " of nas (2026-11-10T02:00:00Z)");
        // the other host agrees but nothing ran for 380 days: the records still decide
        assertThat(ClockWitness.judge(jumped, jumped, null, NOW, List.of(new HostTime("nas", jumped))).basis())
                .isEqualTo(ClockWitness.Basis.NEWEST_CREATION);
    }
}
