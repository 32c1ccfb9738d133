package io.jenkins.plugins.zfsreplication.steps.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.audit.AuditJson;
import io.jenkins.plugins.zfsreplication.files.CountedZeros;
import org.junit.jupiter.api.Test;

/** The previous build's audit.json is read on the controller only up to its bound, with one clear error past it. */
class OversizedReadsTest {
    @Test
    void shouldRefuseAPreviousAuditJsonLargerThanTheBoundBeforeReadingItWhole() {
        CountedZeros huge = new CountedZeros(AuditJson.MAX_BYTES * 4);

        Throwable refused = catchThrowable(() -> BuildAudit.readPrevious(huge, 7));

        assertThat(refused).isInstanceOf(AbortException.class).hasMessage("audit.json: The audit.json of build #7 is"
                + " larger than " + AuditJson.MAX_BYTES + " bytes: is it the right file?");
        assertThat(huge.count()).isEqualTo(AuditJson.MAX_BYTES + 1);
    }

    @Test
    void shouldReadAPreviousAuditJsonAtTheBound() throws Exception {
        assertThat(BuildAudit.readPrevious(new CountedZeros(1000), 7)).hasSize(1000);
    }
}
