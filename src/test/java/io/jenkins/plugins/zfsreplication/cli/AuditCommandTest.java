package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.audit.AuditChainFixture;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code audit record} builds a chain of five builds, {@code audit verify} checks it: intact, then
 * with an artifact edited, a build deleted, builds reordered, a record edited: each named, exactly.
 */
class AuditCommandTest {
    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    @TempDir
    Path folder;
    private final List<Path> builds = new ArrayList<>();

    @BeforeEach
    void recordFiveBuilds() throws Exception {
        for (int n = 1; n <= 5; n++) {
            Path build = AuditChainFixture.artifacts(folder.resolve("builds").resolve(Integer.toString(n)), n);
            List<String> args = new ArrayList<>(List.of("audit", "record", "--job", "nightly"));
            if (n > 1) {
                args.addAll(List.of("--previous", builds.get(n - 2).toString()));
            }
            args.add(build.toString());
            assertThat(run(args.toArray(String[]::new))).as(err.toString()).isZero();
            builds.add(build);
        }
        assertThat(out.toString()).contains("wrote " + builds.get(0).resolve("audit.json") + ": build 1, 6 artifacts, starts the chain",
                "wrote " + builds.get(4).resolve("audit.json") + ": build 5, 6 artifacts, links to build 4");
        out = new StringWriter();
    }

    @Test
    void shouldFindAnIntactChainInAnyOrderOfArguments() {
        int status = run("audit", "verify", builds.get(3).toString(), builds.get(0).toString(), builds.get(4).toString(),
                builds.get(1).toString(), builds.get(2).toString());

        assertThat(status).as(err.toString()).isZero();
        assertThat(out.toString()).isEqualTo("audit chain intact: job 'nightly', builds 1 to 5 (5 builds, 30 artifacts); "
                + "build 1 starts the chain\n");
    }

    /**
     * The newest build deleted, then the next recorded with the build before it as its predecessor
     * (as Jenkins finds it in the history): the link says the number it goes over was missing, and
     * the chain is not intact. Numbers of builds without zfs steps (a directory without a record) are
     * no break.
     */
    @Test
    void shouldNameADeletedNewestBuildOnceTheNextOneIsRecorded() throws Exception {
        Path runs = Files.createDirectories(folder.resolve("runs"));
        Path one = record(AuditChainFixture.artifacts(runs.resolve("1"), 1), null);
        Files.createDirectories(runs.resolve("2")); // a run that had nothing to record
        Path three = record(AuditChainFixture.artifacts(runs.resolve("3"), 3), one);
        Path four = AuditChainFixture.artifacts(runs.resolve("4"), 4);
        record(four, three);
        deleteTree(four);
        Path five = record(AuditChainFixture.artifacts(runs.resolve("5"), 5), three);
        out = new StringWriter();

        int status = run("audit", "verify", one.toString(), runs.resolve("2").toString(), three.toString(),
                five.toString());

        assertThat(status).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("audit chain broken at build 5: build 4 was not in the job's history when "
                + "build 5 was recorded: deleted before it ran (it links over it to build 3)\n");
        assertThat(Files.readString(five.resolve("audit.json"))).contains("\"skipped\" : [ {\n      \"build\" : 4,\n"
                + "      \"why\" : \"absent\"\n    } ]");
        assertThat(Files.readString(three.resolve("audit.json"))).contains("\"why\" : \"no-zfs-step\"");
        out = new StringWriter();
        assertThat(run("audit", "verify", one.toString(), three.toString())).isZero();
    }

    private Path record(Path build, Path previous) {
        List<String> args = new ArrayList<>(List.of("audit", "record", "--job", "nightly"));
        if (previous != null) {
            args.addAll(List.of("--previous", previous.toString()));
        }
        args.add(build.toString());
        assertThat(run(args.toArray(String[]::new))).as(err.toString()).isZero();
        return build;
    }

    private static void deleteTree(Path directory) throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    @Test
    void shouldNameTheBuildWhoseArtifactWasEdited() throws Exception {
        Path transfer = builds.get(2).resolve("transfer.json");
        String recorded = AuditChainFixture.sha256sum(transfer);
        long size = Files.size(transfer);
        Files.writeString(transfer, Files.readString(transfer).replace("\"failed\"", "\"ok\"    "));

        int status = run(verifyAll());

        assertThat(status).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("audit chain broken at build 3: artifact transfer.json was changed (sha256 "
                + AuditChainFixture.sha256sum(transfer) + ", " + size + " bytes; recorded " + recorded + ", " + size + " bytes)\n");
    }

    @Test
    void shouldNameTheBuildWhoseRecordWasEditedToMatchAnEditedArtifact() throws Exception {
        Path transfer = builds.get(2).resolve("transfer.json");
        Path audit = builds.get(2).resolve("audit.json");
        String recordedArtifact = AuditChainFixture.sha256sum(transfer);
        String recordedAudit = AuditChainFixture.sha256sum(audit);
        Files.writeString(transfer, Files.readString(transfer).replace("\"failed\"", "\"ok\"    "));
        Files.writeString(audit, Files.readString(audit).replace(recordedArtifact, AuditChainFixture.sha256sum(transfer))
                .replace("\"verdict\" : \"failed\"", "\"verdict\" : \"ok\""));

        int status = run(verifyAll());

        assertThat(status).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("audit chain broken at build 3: its audit.json was changed after build 4 "
                + "recorded it (sha256 " + AuditChainFixture.sha256sum(audit) + ", recorded " + recordedAudit + ")\n");
    }

    @Test
    void shouldNameADeletedBuild() throws Exception {
        AuditChainFixture.deleteTree(builds.get(2));

        int status = run(verifyAll());

        assertThat(status).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("audit chain broken at build 4: its predecessor, build 3, is missing "
                + "(deleted?); the build given before it is 2\n");
    }

    @Test
    void shouldNameReorderedBuilds() throws Exception {
        Path swap = folder.resolve("swap");
        Files.move(builds.get(1), swap);
        Files.move(builds.get(2), builds.get(1));
        Files.move(swap, builds.get(2));

        int status = run(verifyAll());

        assertThat(status).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("audit chain broken at build 2: its audit.json is the record of build 3 "
                + "(builds reordered or renamed)\n");
    }

    @Test
    void shouldNameABuildThatDoesNotBelongBetweenTwoOthers() throws Exception {
        // build 3 of another run of the same job, with a different history: links to 2 with another hash
        Path other = AuditChainFixture.artifacts(folder.resolve("other").resolve("3"), 3);
        Files.writeString(other.resolve("plan.json"), "{}\n");
        assertThat(run("audit", "record", "--job", "nightly", "--previous", builds.get(0).toString(), other.toString())).isZero();
        AuditChainFixture.deleteTree(builds.get(2));
        Files.move(other, builds.get(2));
        out = new StringWriter();

        int status = run(verifyAll());

        assertThat(status).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("audit chain broken at build 3: it links to build 1, not to build 2 given "
                + "before it (builds reordered, or build 2 does not belong here)\n");
    }

    @Test
    void shouldCheckTheNewestRecordAgainstAHashKeptElsewhere() throws Exception {
        String newest = AuditChainFixture.sha256sum(builds.get(4).resolve("audit.json"));

        assertThat(run(verifyAll("--newest-sha256", newest.toUpperCase()))).isZero();
        assertThat(out.toString()).isEqualTo("audit chain intact: job 'nightly', builds 1 to 5 (5 builds, 30 artifacts), "
                + "newest audit.json as expected; build 1 starts the chain\n");
        AuditChainFixture.deleteTree(builds.get(4));
        out = new StringWriter();

        assertThat(run(verifyAll("--newest-sha256", newest))).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("audit chain broken at build 4: its audit.json has sha256 "
                + AuditChainFixture.sha256sum(builds.get(3).resolve("audit.json")) + ", not the " + newest
                + " expected (edited, or a later build replaced)\n");
    }

    @Test
    void shouldReadTheArchiveDirectoryAsJenkinsKeepsAndZipsIt() throws Exception {
        for (Path build : builds.subList(3, 5)) {
            Path archive = Files.createDirectory(folder.resolve("archive"));
            try (var files = Files.list(build)) {
                for (Path file : files.toList()) {
                    Files.move(file, archive.resolve(file.getFileName()));
                }
            }
            Files.move(archive, build.resolve("archive"));
        }

        int status = run("audit", "verify", builds.get(3).toString(), builds.get(4).toString());

        assertThat(status).as(err.toString()).isZero();
        assertThat(out.toString()).isEqualTo("audit chain intact: job 'nightly', builds 4 to 5 (2 builds, 12 artifacts); "
                + "build 4 links to build 3, not checked\n");
    }

    @Test
    void shouldRefuseDirectoriesThatAreNotBuildsAsBadInput() throws Exception {
        Path misnamed = Files.createDirectories(folder.resolve("build-6"));
        Path empty = Files.createDirectories(folder.resolve("7"));

        assertThat(run("audit", "verify", builds.get(0).toString(), misnamed.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: " + misnamed + ": the directory is not named by a build number "
                + "(one directory per build, named by its number, e.g. 41/ with the build's artifacts or its archive/ inside)\n");
        err = new StringWriter();
        assertThat(run("audit", "verify", empty.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: none of the directories given holds an audit.json (nor "
                + "archive/audit.json): no build with an audit record\n");
        err = new StringWriter();
        assertThat(run("audit", "record", "--job", "nightly", builds.get(0).toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: " + builds.get(0).resolve("audit.json")
                + " exists already: a build's record is written once\n");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void shouldSkipBuildsWithoutARecordYetNameADeletedRecord() throws Exception {
        // build 6 ran no zfs step: no audit.json, and build 5 is the last with one; a deleted record is no such build
        Path six = Files.createDirectories(folder.resolve("builds").resolve("6"));
        Files.writeString(six.resolve("build.log"), "checkout failed\n");
        builds.add(six);

        assertThat(run(verifyAll())).isZero();
        assertThat(out.toString()).isEqualTo("audit chain intact: job 'nightly', builds 1 to 5 (5 builds, 30 artifacts); "
                + "build 1 starts the chain; without audit.json, skipped: [6]\n");
        Files.delete(builds.get(2).resolve("audit.json"));
        out.getBuffer().setLength(0);

        assertThat(run(verifyAll())).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("audit chain broken at build 4: its predecessor, build 3, is missing "
                + "(deleted?); the build given before it is 2\n");
    }

    @Test
    void shouldNotReadOutsideTheBuildThroughARecordedPath() throws Exception {
        Path audit = builds.get(0).resolve("audit.json");
        Files.writeString(audit, Files.readString(audit).replace("\"path\" : \"plan.json\"", "\"path\" : \"../2/plan.json\""));

        int status = run("audit", "verify", builds.get(0).toString());

        assertThat(status).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("audit chain broken at build 1: audit.json: the artifact path "
                + "'../2/plan.json' has an empty, '.' or '..' segment\n");
    }

    private String[] verifyAll(String... options) {
        List<String> args = new ArrayList<>(List.of("audit", "verify"));
        args.addAll(List.of(options));
        builds.stream().filter(Files::exists).map(Path::toString).forEach(args::add);
        return args.toArray(String[]::new);
    }

    private int run(String... args) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true), new PrintWriter(err, true)), args);
    }
}
