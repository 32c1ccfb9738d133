package io.jenkins.plugins.zfsreplication.steps.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which zfsCheck leaves its stage UNSTABLE (the Pipeline execution marks the step's node with the reason). */
class CheckWarningTest {
    private final StepRunner runner = new ZfsCheckStep("tank", "backup").runner(StepDefaults.BUILT_IN);

    @Test
    void shouldMarkTheStageOfAWarningCheckOnly() {
        String line = "ZFS-REPLICATION WARNING - 0 critical, 1 warning, 1 ok: tank/late: newest common snapshot is 1d12h old";

        assertThat(runner.warning(Map.of("status", "WARNING", "summary", line))).isEqualTo("zfsCheck: " + line);
        assertThat(runner.warning(Map.of("status", "OK", "summary", "ZFS-REPLICATION OK"))).isNull();
        assertThat(new ZfsCheckStep("tank", "backup").runner(StepDefaults.BUILT_IN)).isInstanceOf(CheckRunner.class);
    }
}
