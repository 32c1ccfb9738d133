package io.jenkins.plugins.zfsreplication.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * What a night's record says it verified, as the check judges it: verify = copy that compared no
 * copy is WARNING with the night's reason, anything else OK; a record that cannot be read or lacks
 * what the judgement needs is refused with one line naming the file (the check is then UNKNOWN).
 */
class NightRecordTest {
    private static final String WHY = "the copy is on root@nas: only the source was verified, the copy was not"
            + " compared (verify it by a night or a restore drill there, or set verify = source)";
    private static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");

    @TempDir
    Path runs;

    @Test
    void shouldWarnOfEachJudgedDatasetWhenVerifyCopyComparedNoCopy() throws IOException {
        Path file = night(1, record("copy", false, WHY, true, "tank/home", "tank/db", "tank/off"));

        NightVerdict verdict = NightRecord.read(file).judge(List.of(fresh("tank/db"), fresh("tank/home"),
                fresh("tank/new")));

        // tank/new: not in the night's accounting, so the night says nothing of it; tank/off: not judged by the check
        assertThat(verdict).isEqualTo(new NightVerdict(file.toString(), List.of(
                new VerifiedCopy("tank/db", CheckStatus.WARNING, "verify = copy: " + WHY),
                new VerifiedCopy("tank/home", CheckStatus.WARNING, "verify = copy: " + WHY))));
        FreshnessReport report = new FreshnessReport(NOW, "local", "local", "warn 1d2h, crit 2d2h",
                List.of(fresh("tank/db"), fresh("tank/home"))).withNight(verdict);
        assertThat(report.status()).isEqualTo(CheckStatus.WARNING);
        assertThat(CheckText.write(report)).isEqualTo(String.format("""
                ZFS-REPLICATION WARNING - 2 dataset(s) replicated, the oldest newest common snapshot is 1h old; \
                WARNING verified tank/db: verify = copy: %1$s (and 1 more) | 'tank/db'=3600s;93600;180000;0 \
                'tank/home'=3600s;93600;180000;0
                OK tank/db -> backup/tank/db: fresh; newest on the source @%2$s (1h); newest on the target @%2$s (1h)
                OK tank/home -> backup/tank/home: fresh; newest on the source @%2$s (1h); newest on the target @%2$s (1h)
                WARNING verified tank/db: verify = copy: %1$s
                WARNING verified tank/home: verify = copy: %1$s
                """, WHY, "zr-20261205T110000Z"));
    }

    @Test
    void shouldSayWhatTheNightVerifiedWhenItComparedOrWasNotAskedTo() throws IOException {
        assertThat(NightRecord.read(night(1, record("copy", true, null, true, "tank/home")))
                .judge(List.of(fresh("tank/home"))).datasets()).containsExactly(
                new VerifiedCopy("tank/home", CheckStatus.OK, "verify = copy: the copy was compared with the source"));
        assertThat(NightRecord.read(night(2, record("source", false, null, true, "tank/home")))
                .judge(List.of(fresh("tank/home"))).datasets()).containsExactly(
                new VerifiedCopy("tank/home", CheckStatus.OK, "verify = source: the night verifies the source only"));
        assertThat(NightRecord.read(night(3, record("off", false, null, true, "tank/home")))
                .judge(List.of(fresh("tank/home"))).datasets()).containsExactly(
                new VerifiedCopy("tank/home", CheckStatus.OK, "verify = off: the night verifies nothing"));
    }

    @Test
    void shouldTakeTheNewestFinishedNightPassingOverOneThatRunsOrDied() throws IOException {
        assertThat(NightRecord.newestFinished(runs)).isNull();
        night(1, record("copy", false, WHY, true, "tank/home"));
        Path second = night(2, record("source", false, null, true, "tank/home"));
        night(3, record("copy", false, WHY, false, "tank/home")); // runs now, or died: no exit status
        Files.createDirectories(runs.resolve("4")); // made, and died in before its first record
        Files.createDirectories(runs.resolve("10x"));

        NightRecord newest = NightRecord.newestFinished(runs);

        assertThat(newest).isEqualTo(new NightRecord(second, VerifyMode.SOURCE, false, null, List.of("tank/home")));
        assertThatThrownBy(() -> NightRecord.newestFinished(runs.resolve("none")))
                .isInstanceOf(CheckException.class).hasMessage(runs.resolve("none") + ": no such directory of nights");
    }

    @Test
    void shouldRefuseARecordThatCannotBeReadInOneLineNamingTheFile() throws IOException {
        assertThat(refusal("{\"format\": 1, \"kind\": \"zfs-replication-night\", \"verify\": {"))
                .startsWith(": not JSON (").doesNotContain("\n");
        // the newest night's record unreadable: refused, never the older night's verdict in its place
        night(1, record("copy", true, null, true, "tank/home"));
        night(2, "{\"format\": 1, \"kind\": \"zfs-replication-night\", \"exitStatus\": 0}");
        assertThatThrownBy(() -> NightRecord.newestFinished(runs)).isInstanceOf(CheckException.class)
                .hasMessage(runs.resolve("2").resolve("night.json") + ": verify.mode is not copy, source or off");
        night(3, "{\"format\": 1, \"kind\": \"zfs-repl");
        assertThatThrownBy(() -> NightRecord.newestFinished(runs)).isInstanceOf(CheckException.class)
                .hasMessageStartingWith(runs.resolve("3").resolve("night.json") + ": not JSON (");
        assertThat(refusal(record("copy", false, WHY, true, "tank/home").replace("zfs-replication-night", "other")))
                .isEqualTo(": not a night's record (kind zfs-replication-night)");
        assertThat(refusal(record("mirror", false, WHY, true, "tank/home")))
                .isEqualTo(": verify.mode is not copy, source or off");
        assertThat(refusal(record("copy", false, WHY, true, "tank/home").replace("\"copyCompared\": false",
                "\"copyCompared\": \"no\""))).isEqualTo(": verify.copyCompared is not true or false");
        assertThat(refusal(record("source", true, null, true, "tank/home")))
                .isEqualTo(": verify.copyCompared is true while verify.mode is source");
        assertThat(refusal(record("copy", false, null, true, "tank/home")))
                .isEqualTo(": verify.notCompared does not say why the copy was not compared");
        assertThat(refusal(record("copy", true, null, true).replace("\"datasets\": []", "\"datasets\": {}")))
                .isEqualTo(": datasets is not a list");
        assertThat(refusal(record("copy", true, null, true).replace("\"datasets\": []", "\"datasets\": [{}]")))
                .isEqualTo(": a dataset without its name");
        assertThat(refusal("[]")).isEqualTo(": not a night's record (kind zfs-replication-night)");
    }

    /** The refusal of a record holding {@code text}, without the file's name it starts with. */
    private String refusal(String text) throws IOException {
        Path file = Files.writeString(Files.createTempFile(runs, "night", ".json"), text);
        try {
            NightRecord.read(file);
            throw new AssertionError("read " + text);
        } catch (CheckException e) {
            assertThat(e.getMessage()).startsWith(file.toString());
            return e.getMessage().substring(file.toString().length());
        }
    }

    private Path night(int number, String text) throws IOException {
        Path dir = Files.createDirectories(runs.resolve(Integer.toString(number)));
        return Files.writeString(dir.resolve("night.json"), text);
    }

    /** night.json as the night writes it, with the fields the check reads. */
    private static String record(String mode, boolean compared, String notCompared, boolean finished,
                                 String... datasets) {
        StringBuilder list = new StringBuilder();
        for (String dataset : datasets) {
            list.append(list.length() == 0 ? "" : ", ").append("{\"dataset\": \"").append(dataset)
                    .append("\", \"outcome\": \"sent\", \"reason\": \"sent\"}");
        }
        return "{\"format\": 1, \"kind\": \"zfs-replication-night\", \"startedAt\": \"2026-12-05T11:00:00Z\","
                + " \"datasets\": [" + list + "], \"verify\": {\"mode\": \"" + mode + "\", \"copyCompared\": " + compared
                + ", \"notCompared\": " + (notCompared == null ? "null" : "\"" + notCompared + "\"") + "}"
                + (finished ? ", \"exitStatus\": 3" : ", \"finished\": false") + "}\n";
    }

    private static DatasetFreshness fresh(String source) {
        SnapshotAge newest = new SnapshotAge("zr-20261205T110000Z", "1", Instant.parse("2026-12-05T11:00:00Z"), 3600);
        return new DatasetFreshness(DatasetName.of(source), DatasetName.of("backup/" + source), CheckStatus.OK, "fresh",
                new DatasetFreshness.Limits(93_600, 180_000), new DatasetFreshness.Newest(newest, newest, newest));
    }
}
