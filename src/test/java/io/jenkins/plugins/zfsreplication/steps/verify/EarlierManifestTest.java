package io.jenkins.plugins.zfsreplication.steps.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings.Hashing;
import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings.Increment;
import io.jenkins.plugins.zfsreplication.steps.views.VerifyRecord;
import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import java.io.ByteArrayInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which earlier build an incremental zfsVerify builds on: the newest that verified another
 * snapshot of the same dataset under the same artifact name and still has its manifest.
 */
class EarlierManifestTest {
    /** A build with its verify records (made by the record's own constructor) and the artifacts it still has. */
    private record Build(int number, List<VerifyRecord> verifications, Set<String> artifacts)
            implements EarlierManifest.Build {
        @Override
        public boolean hasArtifact(String name) {
            return artifacts.contains(name);
        }

        @Override
        public InputStream open(String name) throws IOException {
            if (!artifacts.contains(name)) {
                throw new FileNotFoundException(name);
            }
            return new ByteArrayInputStream((number + ":" + name).getBytes(StandardCharsets.UTF_8));
        }
    }

    private static VerifyRecord verified(String target, String name) {
        VerifyRun.Outcome outcome = new VerifyRun.Outcome(List.of(), "", null, "", List.of(), List.of(),
                new VerifyRun.Figures(1, 1, 1, 1, 0.1, 0), null);
        return new VerifyRecord(target, null, name, outcome, false);
    }

    private static Build build(int number, Set<String> artifacts, VerifyRecord... records) {
        return new Build(number, List.of(records), artifacts);
    }

    @Test
    void shouldTakeTheNewestBuildThatVerifiedAnotherSnapshotOfTheDatasetUnderTheName() throws IOException {
        List<Build> builds = List.of(
                build(9, Set.of("other.manifest"), verified("tank/home@d9", "other")),
                build(8, Set.of("verify.manifest"), verified("tank/homes@d8", "verify")), // another dataset
                build(7, Set.of("verify.manifest"), verified("tank/home@d10", "verify")), // the same snapshot
                build(6, Set.of("verify.manifest"), verified("tank/home", "verify")), // a path, not a snapshot
                build(5, Set.of("verify.manifest"), verified("pool/x@a", "verify"), verified("tank/home@d5", "verify")),
                build(4, Set.of("verify.manifest"), verified("tank/home@d4", "verify")));

        EarlierManifest.Choice choice = EarlierManifest.choose("tank/home@d10", "verify", builds);

        assertThat(choice.build().number()).isEqualTo(5);
        assertThat(choice.snapshot()).isEqualTo("tank/home@d5");
        assertThat(choice.artifact()).isEqualTo("verify.manifest");
        assertThat(new String(choice.build().open(choice.artifact()).readAllBytes(), StandardCharsets.UTF_8))
                .isEqualTo("5:verify.manifest");
    }

    /** A build whose artifacts are these bytes, with the audit.json the recorder makes of them (or none). */
    private record Archived(int number, java.util.Map<String, byte[]> files) implements EarlierManifest.Build {
        static Archived of(int number, String manifest, boolean audited) throws IOException {
            java.util.Map<String, byte[]> files = new java.util.HashMap<>();
            files.put("verify.manifest", manifest.getBytes(StandardCharsets.UTF_8));
            if (audited) {
                files.put("audit.json", io.jenkins.plugins.zfsreplication.audit.AuditJson.write(
                        io.jenkins.plugins.zfsreplication.audit.AuditRecorder.record(
                                path -> new ByteArrayInputStream(files.get(path)), List.of("verify.manifest"), "nightly",
                                number, io.jenkins.plugins.zfsreplication.audit.ChainStart.none())));
            }
            return new Archived(number, files);
        }

        @Override
        public List<VerifyRecord> verifications() {
            return List.of(verified("tank/home@d" + number, "verify"));
        }

        @Override
        public boolean hasArtifact(String name) {
            return files.containsKey(name);
        }

        @Override
        public InputStream open(String name) throws IOException {
            if (!files.containsKey(name)) {
                throw new FileNotFoundException(name);
            }
            return new ByteArrayInputStream(files.get(name));
        }
    }

    /**
     * The earlier manifest is built on only when it is the one its build's audit.json recorded: an
     * archive edited since, or one without a record, is read around.
     */
    @Test
    void shouldBuildOnlyOnAManifestItsBuildsAuditRecordVouchesFor() throws IOException {
        Archived kept = Archived.of(5, "# zfs-replication checksum manifest\n", true);
        Archived unaudited = Archived.of(4, "# zfs-replication checksum manifest\n", false);
        Archived edited = Archived.of(3, "# zfs-replication checksum manifest\n", true);
        edited.files().put("verify.manifest", "# zfs-replication checksum manifest\nedited\n"
                .getBytes(StandardCharsets.UTF_8));

        assertThat(EarlierManifest.choose("tank/home@d9", "verify", List.of(kept)).auditRefusal()).isNull();
        assertThat(EarlierManifest.choose("tank/home@d9", "verify", List.of(unaudited)).auditRefusal())
                .isEqualTo("build #4 has no audit.json to vouch for its manifest");
        String sha256 = io.jenkins.plugins.zfsreplication.files.Sha256.of(edited.files().get("verify.manifest"));
        assertThat(EarlierManifest.choose("tank/home@d9", "verify", List.of(edited)).auditRefusal())
                .isEqualTo("verify.manifest of build #3 has sha256 " + sha256 + ", not the "
                        + io.jenkins.plugins.zfsreplication.files.Sha256.of("# zfs-replication checksum manifest\n"
                                .getBytes(StandardCharsets.UTF_8)) + " its audit.json recorded (changed since)");
    }

    @Test
    void shouldGoFurtherBackWhenABuildsManifestWasDiscarded() throws IOException {
        List<Build> builds = List.of(
                build(3, Set.of(), verified("tank/home@d3", "verify")),
                build(2, Set.of("verify.manifest"), verified("tank/home@d2", "verify")));

        assertThat(EarlierManifest.choose("tank/home@d4", "verify", builds).snapshot()).isEqualTo("tank/home@d2");
    }

    @Test
    void shouldFindNothingForAPathTargetNoMatchOrBeyondTheBuildsLookedAt() throws IOException {
        List<Build> old = new ArrayList<>();
        for (int i = 0; i < EarlierManifest.BUILDS_LOOKED_AT; i++) {
            old.add(build(100 - i, Set.of("verify.manifest"), verified("tank/other@x", "verify")));
        }
        old.add(build(1, Set.of("verify.manifest"), verified("tank/home@d1", "verify")));

        assertThat(EarlierManifest.choose("tank/home@d2", "verify", old)).isNull();
        assertThat(EarlierManifest.choose("tank/home@d2", "verify", old.subList(EarlierManifest.BUILDS_LOOKED_AT - 1,
                old.size())).snapshot()).isEqualTo("tank/home@d1");
        assertThat(EarlierManifest.choose("/srv/images", "verify", old)).isNull();
        assertThat(EarlierManifest.choose("tank/home@d2", "verify", List.of())).isNull();
    }

    @Test
    void shouldTakeSinceAndItsManifestTogetherAndOnlyForASnapshot() {
        Hashing hashing = new Hashing("1M", 1, "xxh64", "auto", 1);
        VerifySettings given = new VerifySettings("tank/home@d2", "verify", hashing, null, true,
                new Increment(false, "tank/home@d1", "d1.manifest"));
        assertThat(given.earlier().snapshot()).isEqualTo("tank/home@d1");
        assertThat(given.earlier().manifest()).hasToString("d1.manifest");
        assertThat(new VerifySettings("tank/home@d2", "verify", hashing, null, true).earlier()).isNull();
        // what an incremental verify found to build on changes that alone
        assertThat(new VerifySettings("tank/home@d2", "copy", hashing, "source.manifest", false,
                new Increment(true, null, null)).since("tank/home@d1", "copy-since.manifest"))
                .isEqualTo(new VerifySettings("tank/home@d2", "copy", hashing, "source.manifest", false,
                        new Increment(true, "tank/home@d1", "copy-since.manifest")));
        assertThatThrownBy(() -> new VerifySettings("tank/home@d2", "verify", hashing, null, true,
                new Increment(false, "tank/home@d1", null))).hasMessageContaining("since and sinceManifest go together");
        assertThatThrownBy(() -> new VerifySettings("/srv/images", "verify", hashing, null, true,
                new Increment(false, "tank/home@d1", "d1.manifest"))).hasMessageContaining("needs a snapshot");
    }
}
