package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check --runs}: the last night's record is read before any zfs is asked, and one that cannot
 * be read is the plugin's one line and UNKNOWN (3), never OK, with no command run.
 */
class CheckNightRecordCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final BadInputCorpusTest.Forbidden runner = new BadInputCorpusTest.Forbidden();

    @TempDir
    Path runs;

    @Test
    void shouldBeUnknownInOneLineWhenTheLastNightsRecordIsMalformed() throws Exception {
        Path night = Files.createDirectories(runs.resolve("7")).resolve("night.json");
        // finished, but without what it verified
        Files.writeString(night, "{\"format\": 1, \"kind\": \"zfs-replication-night\", \"datasets\": [],"
                + " \"verify\": {\"mode\": \"copy\", \"copyCompared\": false}, \"exitStatus\": 3}\n");

        int status = check("--runs", runs.toString());

        assertThat(status).as(err.toString()).isEqualTo(3);
        assertThat(out.toString()).isEqualTo("ZFS-REPLICATION UNKNOWN - " + night
                + ": verify.notCompared does not say why the copy was not compared\n");
        assertThat(runner.commands).isEmpty();
    }

    @Test
    void shouldBeUnknownAsJsonWhenTheLastNightsRecordIsNotJson() throws Exception {
        Path night = Files.createDirectories(runs.resolve("2")).resolve("night.json");
        Files.writeString(night, "{\"format\": 1, \"kind\": \"zfs-replication-night\", \"verify\": {\"mo");

        int status = check("--json", "--runs", runs.toString());

        assertThat(status).as(err.toString()).isEqualTo(3);
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("status").asText()).isEqualTo("UNKNOWN");
        assertThat(json.get("exitStatus").asInt()).isEqualTo(3);
        assertThat(json.get("error").asText()).startsWith(night + ": not JSON (").doesNotContain("\n");
        assertThat(runner.commands).isEmpty();
    }

    @Test
    void shouldBeUnknownWhenTheRunsDirectoryIsMissingOrBothRecordsAreGiven() {
        assertThat(check("--runs", runs.resolve("typo").toString())).isEqualTo(3);
        assertThat(check("--runs", runs.toString(), "--night-json", runs.resolve("1/night.json").toString()))
                .isEqualTo(3);

        assertThat(out.toString()).isEqualTo("ZFS-REPLICATION UNKNOWN - " + runs.resolve("typo")
                + ": no such directory of nights\n"
                + "ZFS-REPLICATION UNKNOWN - --runs and --night-json: give one or the other\n");
        assertThat(runner.commands).isEmpty();
    }

    private int check(String... options) {
        String[] arguments = new String[options.length + 4];
        arguments[0] = "check";
        System.arraycopy(options, 0, arguments, 1, options.length);
        arguments[options.length + 1] = "--target-root";
        arguments[options.length + 2] = "backup/copy";
        arguments[options.length + 3] = "tank/home";
        return Main.run(new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true)), arguments);
    }
}
