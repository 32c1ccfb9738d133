package io.jenkins.plugins.zfsreplication.steps.views;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.audit.ArtifactEvidence;
import io.jenkins.plugins.zfsreplication.audit.ArtifactHash;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When the audit after a step reads an artifact again: only when it is new, archived again, or changed. */
class AuditedArtifactsTest {
    private final AuditedArtifacts audited = new AuditedArtifacts();

    private static AuditedArtifacts.Read read(String path, long length, long lastModified) {
        return new AuditedArtifacts.Read(new ArtifactEvidence(new ArtifactHash(path, length, "ab".repeat(32)), List.of(),
                null), "cd".repeat(16), length, lastModified);
    }

    @Test
    void shouldReadAnArtifactOnceWhileTheArtifactManagerHoldsItUnchanged() {
        audited.put("plan.json", read("plan.json", 120, 1_000));

        assertThat(audited.current("plan.json", 120, 1_000)).isTrue();
        assertThat(audited.current("transfer.json", 80, 1_000)).as("archived since").isFalse();
        assertThat(audited.current("plan.json", 121, 1_000)).as("another length").isFalse();
        assertThat(audited.current("plan.json", 120, 2_000)).as("written again").isFalse();
    }

    @Test
    void shouldReadAnArtifactArchivedAgainEvenWithTheSameLengthAndTime() {
        // an artifact manager that keeps no time (0), and zfsPrune archiving plan.json again at the same length
        audited.put("plan.json", read("plan.json", 120, 0));
        audited.put("plan.txt", read("plan.txt", 40, 0));

        audited.forget(List.of("plan.json"));

        assertThat(audited.current("plan.json", 120, 0)).isFalse();
        assertThat(audited.current("plan.txt", 40, 0)).isTrue();
    }
}
