package io.jenkins.plugins.zfsreplication.restore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** restore-drill.json read back as written, and a record that is not one refused with the field named. */
class DrillJsonTest {
    private static final DrillRecord FINISHED = new DrillRecord(
            new DrillRecord.Subject("nas-b", "backup/home", "zr-20261129T000000Z", "1234567890123456789",
                    "backup/drill", "source.manifest", "ab".repeat(32)),
            new DrillRecord.Keys(true, true, true), Instant.parse("2026-11-29T03:00:00Z"),
            Instant.parse("2026-11-29T03:00:07.250Z"),
            new DrillRecord.Outcome(DrillResult.IDENTICAL, 3158656, 4.25, 1.5, "compare: identical", true, null),
            List.of("receiving", "zfs destroy -r backup/drill"));

    @Test
    void shouldReadBackWhatItWrote() {
        byte[] json = DrillJson.write(FINISHED).getBytes(StandardCharsets.UTF_8);

        assertThat(DrillJson.read(json)).isEqualTo(FINISHED);
    }

    @Test
    void shouldReadTheRecordWrittenBeforeTheDrillStarts() {
        DrillRecord running = new DrillRecord(
                new DrillRecord.Subject("nas-b", "backup/home", "s1", "42", "backup/drill", "source.manifest",
                        "cd".repeat(32)),
                new DrillRecord.Keys(false, false, false), Instant.parse("2026-11-29T03:00:00Z"), null,
                new DrillRecord.Outcome(DrillResult.RUNNING, 0, 0, 0, null, false, null), List.of());

        assertThat(DrillJson.read(DrillJson.write(running).getBytes(StandardCharsets.UTF_8))).isEqualTo(running);
    }

    @Test
    void shouldRefuseARecordThatIsNotOneNamingWhatIsWrong() {
        String json = DrillJson.write(FINISHED);

        assertThatThrownBy(() -> read(json.replace("\"identical\",", "\"fine\",")))
                .isInstanceOf(DrillException.class).hasMessage("restore-drill.json: unknown result 'fine'");
        assertThatThrownBy(() -> read(json.replace("3158656", "-1")))
                .hasMessage("restore-drill.json: bytes must be a whole number, 0 or more");
        assertThatThrownBy(() -> read(json.replace("\"scratchDestroyed\" : true", "\"scratchDestroyed\" : \"yes\"")))
                .hasMessage("restore-drill.json: scratchDestroyed must be true or false");
        assertThatThrownBy(() -> read(json.replace("\"backup/drill\",", "7,")))
                .hasMessage("restore-drill.json: scratch must be a string");
        assertThatThrownBy(() -> read(json.replace("zfs-replication-restore-drill", "zfs-replication-transfer")))
                .hasMessage("restore-drill.json is not a restore drill record of format 1");
        assertThatThrownBy(() -> read(json.substring(0, 40)))
                .hasMessageStartingWith("restore-drill.json is not JSON: ");
    }

    private static DrillRecord read(String json) {
        return DrillJson.read(json.getBytes(StandardCharsets.UTF_8));
    }
}
