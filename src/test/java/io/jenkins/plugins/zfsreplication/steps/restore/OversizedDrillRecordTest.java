package io.jenkins.plugins.zfsreplication.steps.restore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.files.CountedZeros;
import org.junit.jupiter.api.Test;

/** The archived restore-drill.json, written on an agent, is read on the controller only up to its bound. */
class OversizedDrillRecordTest {
    @Test
    void shouldRefuseAnArchivedDrillRecordLargerThanTheBoundBeforeReadingItWhole() {
        CountedZeros huge = new CountedZeros(RestoreDrillRunner.MAX_RECORD_BYTES * 100);

        Throwable refused = catchThrowable(() -> RestoreDrillRunner.readRecord(huge));

        assertThat(refused).isInstanceOf(AbortException.class).hasMessage("zfsRestoreDrill: The archived"
                + " restore-drill.json is larger than 1048576 bytes: is it the right file?");
        assertThat(huge.count()).isEqualTo(RestoreDrillRunner.MAX_RECORD_BYTES + 1);
    }
}
