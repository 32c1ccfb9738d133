package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Instant;

import org.junit.jupiter.api.Test;

/** The target's own rules: which "now" they judge by, and a bad spec refused where it is given. */
class TargetRulesTest {
    private static final Instant CLOCK = Instant.parse("2026-11-29T12:00:00Z");
    private static final Instant EARLIER = Instant.parse("2026-11-29T06:00:00Z");

    @Test
    void shouldTakeTheReportsNowOnlyWhenItIsEarlierThanTheTargetSidesOwn() {
        assertThat(new TargetRules("last: 3", null).now(EARLIER, CLOCK)).isEqualTo(EARLIER);
        assertThat(new TargetRules("last: 3", null).now(CLOCK.plusSeconds(60), CLOCK)).isEqualTo(CLOCK);
        assertThat(new TargetRules("last: 3", EARLIER).now(CLOCK, CLOCK)).isEqualTo(EARLIER);
    }

    @Test
    void shouldHaveNoRulesForABlankSpecAndRefuseABadOne() {
        assertThat(new TargetRules("  ", null).rules()).isNull();
        assertThat(new TargetRules(" last: 3 ", null).rules()).isEqualTo("last: 3");
        assertThat(catchThrowable(() -> new TargetRules("lats: 3", null))).isInstanceOf(RetentionSyntaxException.class);
    }
}
