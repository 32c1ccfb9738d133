package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.audit.AuditChainFixture;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coverage ledger in the audit chain: each night's coverage-ledger.json names the ledger it was
 * built on, and {@code audit verify} holds that to the ledger the build before archived; a ledger
 * replayed from an older night breaks the chain there; one that started over is said. The night's
 * report puts the snapshots it read, with their GUIDs, and its verdict into audit.json.
 */
class CoverageAuditChainTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldHoldEachLedgerToTheOneTheBuildBeforeArchived() throws Exception {
        List<Path> builds = record(List.of("first", "built-on-1", "built-on-2"));

        assertThat(run("audit", "verify", builds.get(0).toString(), builds.get(1).toString(), builds.get(2).toString()))
                .as(err.toString()).isZero();
        assertThat(out.toString()).isEqualTo("audit chain intact: job 'nightly', builds 1 to 3 (3 builds, 6 artifacts);"
                + " build 1 starts the chain\n");
        JsonNode audit = new ObjectMapper().readTree(builds.get(1).resolve("audit.json").toFile());
        assertThat(audit.get("verdicts").toString()).contains("{\"artifact\":\"coverage-night.json\",\"verdict\":\"matched\"}");
        assertThat(audit.get("snapshots").toString()).contains("{\"dataset\":\"backup/copy/home\",\"snapshot\":\"n2\","
                + "\"guid\":\"12557637873634420032\"}");
    }

    @Test
    void shouldBreakWhereALedgerOfAnOlderNightWasBuiltOn() throws Exception {
        List<Path> builds = record(List.of("first", "built-on-1", "built-on-1"));

        assertThat(run("audit", "verify", builds.get(0).toString(), builds.get(1).toString(), builds.get(2).toString()))
                .isEqualTo(1);
        assertThat(out.toString()).isEqualTo("audit chain broken at build 3: its coverage-ledger.json builds on a ledger"
                + " with sha256 " + sha256(builds.get(0)) + ", not on build 2's (" + sha256(builds.get(1)) + "): a ledger"
                + " swapped or replayed\n");
    }

    @Test
    void shouldSayWhereTheLedgerStartedOver() throws Exception {
        List<Path> builds = record(List.of("first", "built-on-1", "first"));

        assertThat(run("audit", "verify", builds.get(0).toString(), builds.get(1).toString(), builds.get(2).toString()))
                .isZero();
        assertThat(out.toString()).isEqualTo("audit chain intact: job 'nightly', builds 1 to 3 (3 builds, 6 artifacts);"
                + " build 1 starts the chain; the coverage ledger started over at build 3\n");
    }

    /** Builds 1.. with a ledger each, linked as {@code links} says ("first": to none, "built-on-N": to build N's), recorded. */
    private List<Path> record(List<String> links) throws Exception {
        List<Path> builds = new ArrayList<>();
        for (int n = 1; n <= links.size(); n++) {
            Path build = Files.createDirectories(folder.resolve(Integer.toString(n)));
            String link = links.get(n - 1);
            String previous = link.equals("first") ? "null" : "{ \"sha256\" : \"" + sha256(builds.get(Integer.parseInt(
                    link.substring("built-on-".length())) - 1)) + "\", \"at\" : \"2026-12-0" + n + "T02:00:00Z\" }";
            Files.writeString(build.resolve("coverage-ledger.json"), "{ \"format\" : 1, \"kind\" :"
                    + " \"zfs-replication-coverage-ledger\", \"nights\" : 7, \"startedAt\" : \"2026-12-01T02:00:00Z\","
                    + " \"previous\" : " + previous + ", \"snapshots\" : [ ], \"history\" : [ ], \"drills\" : [ ],"
                    + " \"night\" : " + n + " }\n");
            Files.writeString(build.resolve("coverage-night.json"), "{ \"format\" : 1, \"kind\" :"
                    + " \"zfs-replication-coverage-night\", \"verdict\" : \"matched\", \"reads\" : [ { \"dataset\" :"
                    + " \"backup/copy/home\", \"snapshot\" : \"n" + n + "\", \"guid\" : \"1255763787363442003" + n + "\" } ],"
                    + " \"added\" : [ ] }\n");
            List<String> args = new ArrayList<>(List.of("audit", "record", "--job", "nightly"));
            if (n > 1) {
                args.addAll(List.of("--previous", builds.get(n - 2).toString()));
            }
            args.add(build.toString());
            assertThat(run(args.toArray(String[]::new))).as(err.toString()).isZero();
            builds.add(build);
        }
        out.getBuffer().setLength(0);
        return builds;
    }

    private static String sha256(Path build) throws Exception {
        return AuditChainFixture.sha256sum(build.resolve("coverage-ledger.json"));
    }

    private int run(String... args) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
    }
}
