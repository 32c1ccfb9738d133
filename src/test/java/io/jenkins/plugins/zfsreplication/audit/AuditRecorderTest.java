package io.jenkins.plugins.zfsreplication.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import io.jenkins.plugins.zfsreplication.restore.DrillResult;
import io.jenkins.plugins.zfsreplication.restore.DrillJson;
import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** audit.json from real artifact files: hashes against sha256sum, GUIDs, verdicts, exact bytes. */
class AuditRecorderTest {
    private static final List<String> PATHS = List.of("transfer.json", "plan.json", "prune-report.json",
            "target-report.json", "target.manifest", "charts/throughput.svg");

    @TempDir
    Path folder;

    @Test
    void shouldHashEveryArtifactAsSha256sumDoesAndReadGuidsAndVerdicts() throws Exception {
        Path build = AuditChainFixture.artifacts(folder.resolve("2"), 2);

        AuditRecord record = AuditRecorder.record(build, PATHS, "nightly", 2, null, "no earlier build");

        assertThat(record.artifacts()).extracting(ArtifactHash::path).containsExactly("charts/throughput.svg",
                "plan.json", "prune-report.json", "target-report.json", "target.manifest", "transfer.json");
        for (ArtifactHash artifact : record.artifacts()) {
            assertThat(artifact.sha256()).as(artifact.path()).isEqualTo(AuditChainFixture.sha256sum(build.resolve(artifact.path())));
            assertThat(artifact.size()).isEqualTo(Files.size(build.resolve(artifact.path())));
        }
        String g1 = "9223372036855775811";
        String g2 = "9223372036856775814";
        assertThat(AuditChainFixture.guid(1)).isEqualTo(g1);
        assertThat(AuditChainFixture.guid(2)).isEqualTo(g2);
        assertThat(record.snapshots()).containsExactly(
                new SnapshotGuid("backup/home", "zr-20261101T000000Z", g1),
                new SnapshotGuid("backup/home", "zr-20261102T000000Z", g2),
                new SnapshotGuid("tank/home", "zr-20261101T000000Z", g1),
                new SnapshotGuid("tank/home", "zr-20261102T000000Z", g2));
        assertThat(record.verdicts()).containsExactly(new Verdict("prune-report.json", "dry-run"),
                new Verdict("target-report.json", "mismatch"), new Verdict("transfer.json", "ok"));
    }

    @Test
    void shouldWriteTheSameBytesForTheSameEvidenceAndReadThemBack() throws Exception {
        Path build = AuditChainFixture.artifacts(folder.resolve("3"), 3);
        ChainLink link = new ChainLink(2, "ab".repeat(32));

        List<String> reversed = new java.util.ArrayList<>(PATHS);
        java.util.Collections.reverse(reversed);
        byte[] first = AuditJson.write(AuditRecorder.record(build, PATHS, "nightly", 3, link, null));
        byte[] second = AuditJson.write(AuditRecorder.record(build, reversed, "nightly", 3, link, null));

        assertThat(second).isEqualTo(first);
        AuditRecord read = AuditJson.read(first, "audit.json");
        assertThat(AuditJson.write(read)).isEqualTo(first);
        String text = new String(first, StandardCharsets.UTF_8);
        assertThat(text).startsWith("""
                {
                  "format" : 1,
                  "kind" : "zfs-replication-audit",
                  "job" : "nightly",
                  "build" : 3,
                  "previous" : {
                    "build" : 2,
                    "sha256" : "abababababababababababababababababababababababababababababababab"
                  },
                  "previousNote" : null,
                  "artifacts" : [ {
                    "path" : "charts/throughput.svg",
                """).endsWith("""
                  "verdicts" : [ {
                    "artifact" : "prune-report.json",
                    "verdict" : "destroyed"
                  }, {
                    "artifact" : "target-report.json",
                    "verdict" : "identical"
                  }, {
                    "artifact" : "transfer.json",
                    "verdict" : "failed"
                  } ]
                }
                """);
    }

    @Test
    void shouldTakeARestoreDrillsSnapshotAndResultIntoTheRecord() throws Exception {
        Path build = Files.createDirectories(folder.resolve("4"));
        DrillRecord drill = new DrillRecord(
                new DrillRecord.Subject("local", "backup/home", "zr-20261104T000000Z", AuditChainFixture.guid(4),
                        "backup/restore-drill", "source.manifest", "cd".repeat(32)),
                new DrillRecord.Keys(false, false, false), Instant.parse("2026-12-01T03:00:00Z"),
                Instant.parse("2026-12-01T03:01:00Z"),
                new DrillRecord.Outcome(DrillResult.IDENTICAL, 4096, 0.5, 0.1, "compare: identical", true, null),
                List.of("zfs destroy -r backup/restore-drill"));
        Files.writeString(build.resolve(DrillRecord.FILE_NAME), DrillJson.write(drill));

        AuditRecord record = AuditRecorder.record(build, List.of(DrillRecord.FILE_NAME), "drills", 4, null, "first");

        assertThat(record.snapshots()).containsExactly(
                new SnapshotGuid("backup/home", "zr-20261104T000000Z", AuditChainFixture.guid(4)));
        assertThat(record.verdicts()).containsExactly(new Verdict(DrillRecord.FILE_NAME, "identical"));
    }

    @Test
    void shouldNameTheBuildThatRanWhenItsPredecessorsRecordWasGone() throws Exception {
        Path one = AuditChainFixture.artifacts(folder.resolve("1"), 1);
        Path two = AuditChainFixture.artifacts(folder.resolve("2"), 2);
        Files.write(one.resolve("audit.json"), AuditJson.write(
                AuditRecorder.record(files(one), PATHS, "nightly", 1, ChainStart.none())));
        Files.write(two.resolve("audit.json"), AuditJson.write(
                AuditRecorder.record(files(two), PATHS, "nightly", 2, ChainStart.discarded(1, List.of()))));
        String note = "build 1 ran zfs steps but has no audit.json (its artifacts were discarded, or it ran before "
                + "audit records): the chain restarts here";

        ChainReport both = ChainCheck.check(List.of(one, two), null);
        ChainReport newest = ChainCheck.check(List.of(two), null);

        assertThat(both.intact()).isFalse();
        assertThat(both.brokenAt()).isEqualTo(2);
        assertThat(both.line()).isEqualTo("audit chain broken at build 2: the chain was already broken when it ran: " + note);
        assertThat(newest.line()).isEqualTo("audit chain intact: job 'nightly', builds 2 to 2 (1 builds, 6 artifacts); "
                + "build 2 restarts the chain: " + note);
        assertThat(ChainCheck.check(List.of(one), null).line()).isEqualTo("audit chain intact: job 'nightly', builds 1 "
                + "to 1 (1 builds, 6 artifacts); build 1 starts the chain");
    }

    /** The artifacts of a build directory, read through the interface Jenkins' artifact manager implements. */
    private static ArtifactSource files(Path build) {
        return path -> Files.newInputStream(build.resolve(path));
    }

    @Test
    void shouldSayARecordIsUnreadableInsteadOfDroppingIt() throws Exception {
        Path build = Files.createDirectories(folder.resolve("1"));
        Files.writeString(build.resolve("transfer.json"), "{ \"kind\" : \"zfs-replication-transfer\", \"steps\" : [ "
                + "{ \"dataset\" : \"tank/a\", \"target\" : \"b/a\", \"to\" : \"s\", \"toGuid\" : \"12x\" } ], \"result\" : \"ok\" }");

        AuditRecord record = AuditRecorder.record(build, List.of("transfer.json"), "j", 1, null, "first");

        assertThat(record.verdicts()).containsExactly(new Verdict("transfer.json", "unreadable"));
        assertThat(record.snapshots()).isEmpty();
    }

    @Test
    void shouldRefuseArtifactPathsThatLeaveTheBuildAndMissingArtifacts() throws Exception {
        Path build = Files.createDirectories(folder.resolve("1"));
        Files.writeString(folder.resolve("secret"), "x");
        Files.createSymbolicLink(build.resolve("link.json"), folder.resolve("secret"));

        assertThatThrownBy(() -> AuditRecorder.record(build, List.of("../secret"), "j", 1, null, "first"))
                .isInstanceOf(AuditException.class)
                .hasMessage("the artifact path '../secret' has an empty, '.' or '..' segment");
        assertThatThrownBy(() -> AuditRecorder.record(build, List.of("link.json"), "j", 1, null, "first"))
                .hasMessage("the archived artifact link.json is missing or not a regular file");
        assertThatThrownBy(() -> AuditRecorder.record(build, List.of("plan.json"), "j", 1, null, "first"))
                .hasMessage("the archived artifact plan.json is missing or not a regular file");
    }

    @Test
    void shouldRefuseFieldsThatAreWrongNamingTheField() {
        String valid = new String(AuditJson.write(new AuditRecord("j", 2, new ChainLink(1, "0".repeat(64)), null,
                List.of(), List.of(), List.of())), StandardCharsets.UTF_8);

        assertThatThrownBy(() -> AuditJson.read("{".getBytes(StandardCharsets.UTF_8), "x/audit.json"))
                .hasMessage("x/audit.json is not valid JSON");
        assertThatThrownBy(() -> AuditJson.read(valid.replace("\"format\" : 1", "\"format\" : 2")
                .getBytes(StandardCharsets.UTF_8), "a.json"))
                .hasMessage("a.json has audit format 2; this version reads format 1");
        assertThatThrownBy(() -> AuditJson.read(valid.replace("\"build\" : 2", "\"build\" : \"2\"")
                .getBytes(StandardCharsets.UTF_8), "a.json"))
                .hasMessage("a.json: field \"build\" is missing or not a whole number");
        assertThatThrownBy(() -> AuditJson.read(valid.replace("\"previousNote\" : null", "\"previousNote\" : \"x\"")
                .getBytes(StandardCharsets.UTF_8), "a.json"))
                .hasMessage("a.json: build 2 links to its predecessor and also says why it cannot");
        assertThatThrownBy(() -> new AuditRecord("j", 2, new ChainLink(2, "0".repeat(64)), null, List.of(), List.of(), List.of()))
                .hasMessage("build 2 cannot follow build 2");
    }
}
