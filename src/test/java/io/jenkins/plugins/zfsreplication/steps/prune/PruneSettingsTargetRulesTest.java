package io.jenkins.plugins.zfsreplication.steps.prune;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import io.jenkins.plugins.zfsreplication.prune.TargetRules;
import org.junit.jupiter.api.Test;

/** What the controller hands the target's agent to judge the target's destroys by: its own settings only. */
class PruneSettingsTargetRulesTest {
    @Test
    void shouldGiveTheTargetTheStepsKeepTargetAndFixedNow() {
        assertThat(new PruneSettings("plan.json", "last: 3", "last: 9", "zr", "2026-11-29T12:00:00Z", true).targetRules())
                .isEqualTo(new TargetRules("last: 3", Instant.parse("2026-11-29T12:00:00Z")));
        assertThat(new PruneSettings("plan.json", "last: 3", null, "zr", "wall", true).targetRules())
                .isEqualTo(new TargetRules("last: 3", null));
        assertThat(new PruneSettings("plan.json", "last: 3", null, "zr", "newest", true).targetRules())
                .isEqualTo(new TargetRules("last: 3", null));
    }

    @Test
    void shouldGiveTheTargetNoRulesWhenTheStepHasNoKeepTarget() {
        // keep-target properties are read on the source's agent: they are that agent's word, not the step's
        assertThat(new PruneSettings("plan.json", null, "last: 9", "zr", "wall", true).targetRules().rules()).isNull();
    }
}
