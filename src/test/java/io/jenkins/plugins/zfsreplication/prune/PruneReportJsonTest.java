package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** prune-report.json, streamed candidate by candidate, read back by a JSON parser (the oracle). */
class PruneReportJsonTest {

    @Test
    void shouldStreamTheSameReportToAFileAsToAStringWithEveryField(@TempDir Path folder) throws IOException {
        PruneReport report = new PruneReport(
                PruneReport.When.unwitnessed(Instant.parse("2026-11-30T00:00:00Z"), "given"), true,
                new PruneReport.Sides("local", "host2", null, "last: 3"),
                List.of(
                        new PruneDecision(CandidateSide.SOURCE, "local", "tank/a b", "zr-ü", -1L, 1_800_000_000L, new PruneDecision.Verdict(Decision.KEEP,
                                "grid \"x\"", false)),
                        new PruneDecision(CandidateSide.PLANNED, "host2", "pool/a", "s2", 5, 0, new PruneDecision.Verdict(Decision.NOT_SENT, "r", true))),
                new PruneReport.NotSent(1, -1, "unknown"), List.of("e1", "e\n2"), List.of());
        Path file = folder.resolve("prune-report.json");

        PruneReportJson.write(report, file);

        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(text).isEqualTo(PruneReportJson.write(report)).endsWith("}\n");
        assertThat(folder.resolve("prune-report.json.tmp")).doesNotExist();
        JsonNode json = new ObjectMapper().readTree(text);
        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(json.get("format").asInt()).isEqualTo(1);
        softly.assertThat(json.get("kind").asText()).isEqualTo("zfs-replication-prune-report");
        softly.assertThat(json.get("sourceRules").isNull()).isTrue();
        softly.assertThat(json.get("targetRules").asText()).isEqualTo("last: 3");
        softly.assertThat(json.get("bytesNotSent").asLong()).isEqualTo(-1);
        softly.assertThat(json.get("candidates")).hasSize(2);
        JsonNode first = json.get("candidates").get(0);
        softly.assertThat(first.get("snapshot").asText()).isEqualTo("zr-ü");
        softly.assertThat(first.get("guid").asText()).isEqualTo("18446744073709551615");
        softly.assertThat(first.get("time").asText()).isEqualTo("2027-01-15T08:00:00Z");
        softly.assertThat(first.get("rule").asText()).isEqualTo("grid \"x\"");
        softly.assertThat(json.get("candidates").get(1).get("destroyed").asBoolean()).isTrue();
        softly.assertThat(json.get("errors").get(1).asText()).isEqualTo("e\n2");
        softly.assertAll();
    }
}
