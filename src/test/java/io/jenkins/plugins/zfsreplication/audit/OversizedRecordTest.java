package io.jenkins.plugins.zfsreplication.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.files.CountedZeros;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import org.junit.jupiter.api.Test;

/**
 * An archived .json record is held for its evidence (parsed into a tree on the controller) only up
 * to the bound of the largest record this tool reads elsewhere; a larger one is hashed, streamed.
 */
class OversizedRecordTest {
    @Test
    void shouldHashARecordPastThePlansBoundWithoutHoldingIt() throws Exception {
        CountedZeros huge = new CountedZeros(PlanJson.MAX_BYTES + 1);

        Hashed hashed = Hashed.read(huge, true);

        assertThat(hashed.content()).isNull();
        assertThat(hashed.size()).isEqualTo(PlanJson.MAX_BYTES + 1);
        assertThat(huge.count()).isEqualTo(PlanJson.MAX_BYTES + 1);
    }

    @Test
    void shouldHoldARecordAtThePlansBound() throws Exception {
        assertThat(Hashed.read(new CountedZeros(4096), true).content()).hasSize(4096);
    }
}
