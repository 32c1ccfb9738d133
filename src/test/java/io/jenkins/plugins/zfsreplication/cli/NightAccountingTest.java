package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.transfer.SshServer;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A night accounts for every dataset of its selection, on zfs-fuse pools: a dataset whose
 * {@code zfs-replication:backup} is a typo is not sent, and the night says so (exit status 3,
 * night.json, the metrics) instead of exiting 0 while its copy goes stale. A dataset the backup's
 * owner excluded is accounted as such and troubles nobody.
 *
 * <p>One clock: the creation time zfs gave a probe snapshot; each night's {@code --now} (and so
 * its snapshot's name) lies before it.
 */
@ExtendWith(ZfsTestBed.class)
class NightAccountingTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldExitThreeAndSayWhichDatasetWasNotBackedUpWhenItsPropertyIsATypo(TestPools pools) throws IOException {
        DatasetName source = pools.create("nas").resolve("data");
        DatasetName target = pools.create("nat").resolve("copy");
        for (String child : List.of("", "/ok", "/typo", "/off")) {
            pools.exec("zfs", "create", source + child);
        }
        pools.exec("zfs", "set", "zfs-replication:backup=off", source + "/off");
        pools.exec("zfs", "snapshot", source + "@probe");
        Instant base = Instant.ofEpochSecond(Long.parseLong(pools.exec("zfs", "get", "-Hp", "-o", "value", "creation",
                source + "@probe").stdout().strip()));
        pools.exec("zfs", "destroy", source + "@probe");
        Path runs = folder.resolve("runs");
        Path metrics = folder.resolve("zfs-replication.prom");
        Path config = folder.resolve("night.conf");
        Files.writeString(config, String.join("\n", "source = " + source, "recursive = yes", "target-root = " + target,
                "verify = off", "runs = " + runs, "metrics-file = " + metrics, ""));

        assertThat(night(config, base.minus(25, ChronoUnit.HOURS))).as(out + "\n" + err).isZero();
        pools.exec("zfs", "set", "zfs-replication:backup=yes", source + "/typo");
        int status = night(config, base.minus(1, ChronoUnit.HOURS));

        assertThat(status).as(out + "\n" + err).isEqualTo(3);
        JsonNode night = new ObjectMapper().readTree(runs.resolve("2").resolve("night.json").toFile());
        assertThat(night.get("exitStatus").asInt()).isEqualTo(3);
        String typoReason = "SKIPPED (zfs-replication:backup is 'yes', not an allowed value (on, off, or unset): not"
                + " sent until it is one of them)";
        List<String> datasets = new ArrayList<>();
        night.get("datasets").forEach(d -> datasets.add(d.get("dataset").asText() + " " + d.get("outcome").asText()));
        assertThat(datasets).containsExactly(source + " sent", source + "/off excluded", source + "/ok sent",
                source + "/typo attention");
        assertThat(night.get("datasets").get(3).get("reason").asText()).isEqualTo(typoReason);
        assertThat(night.get("outcomes").toString()).isEqualTo(
                "{\"sent\":2,\"current\":0,\"excluded\":1,\"attention\":1,\"failed\":0}");
        assertThat(night.get("attention").get(0).asText()).isEqualTo(source + "/typo: " + typoReason);
        // check judges the typo's copy too: a day old, fresh by age, WARNING because it is sent no more
        JsonNode check = new ObjectMapper().readTree(runs.resolve("2").resolve("check.json").toFile());
        assertThat(check.get("status").asText()).isEqualTo("WARNING");
        assertThat(Files.readString(metrics)).contains(
                "zfs_replication_night_datasets{command=\"night\",outcome=\"attention\"} 1\n",
                "zfs_replication_night_datasets{command=\"night\",outcome=\"excluded\"} 1\n",
                "zfs_replication_night_datasets{command=\"night\",outcome=\"failed\"} 0\n",
                "zfs_replication_night_datasets{command=\"night\",outcome=\"sent\"} 2\n",
                "zfs_replication_night_dataset_outcome{command=\"night\",dataset=\"" + source
                        + "/typo\",outcome=\"attention\"} 1\n",
                "zfs_replication_last_run_success{command=\"night\"} 0\n");
        assertThat(out.toString()).contains("night 2: plan 0, run 0, check 1, audit 0, 1 dataset(s) need attention,"
                + " exit status 3");
    }

    @Test
    void shouldSayAndExitThreeWhenVerifyCopyCannotCompareACopyOnAnotherHost(TestPools pools) throws Exception {
        DatasetName source = pools.create("nvs").resolve("home");
        DatasetName target = pools.create("nvt").resolve("home");
        Path runs = folder.resolve("runs");

        CopyOnAnotherHost nights = nightWithTheCopyOnAnotherHost(pools, source, target, "copy");

        assertThat(nights.night()).as(out + "\n" + err).isEqualTo(3);
        String why = "the copy is on root@127.0.0.1: only the source was verified, the copy was not compared (verify"
                + " it by a night or a restore drill there, or set verify = source)";
        JsonNode night = new ObjectMapper().readTree(runs.resolve("1").resolve("night.json").toFile());
        assertThat(night.get("stages").findValuesAsText("name")).containsExactly("plan", "run", "verify", "check");
        assertThat(night.get("verify").toString()).isEqualTo("{\"mode\":\"copy\",\"copyCompared\":false,"
                + "\"notCompared\":\"" + why + "\"}");
        assertThat(night.get("attention")).hasSize(1);
        assertThat(night.get("attention").get(0).asText()).isEqualTo("verify = copy: " + why);
        assertThat(night.get("outcomes").toString()).isEqualTo(
                "{\"sent\":1,\"current\":0,\"excluded\":0,\"attention\":0,\"failed\":0}");
        assertThat(out.toString()).contains("the copy was not compared (verify = copy), exit status 3");
        // the check the night ran, which monitoring reads, says it too: fresh, but the copy not compared
        String verified = "[{\"dataset\":\"" + source + "\",\"status\":\"WARNING\",\"reason\":\"verify = copy: "
                + why + "\"}]";
        assertThat(night.get("stages").get(3).get("status").asInt()).isEqualTo(1);
        assertChecked(new ObjectMapper().readTree(runs.resolve("1").resolve("check.json").toFile()), "WARNING",
                runs.resolve("1").resolve("night.json"), verified);
        // and so does a check monitoring runs, from the last night under runs
        assertThat(nights.check()).as(err.toString()).isEqualTo(1);
        assertChecked(new ObjectMapper().readTree(nights.checkJson()), "WARNING", runs.resolve("1").resolve("night.json"),
                verified);
    }

    @Test
    void shouldCheckOkWhenTheNightVerifiesTheSourceOnlyAsConfigured(TestPools pools) throws Exception {
        DatasetName source = pools.create("nws").resolve("home");
        DatasetName target = pools.create("nwt").resolve("home");
        Path runs = folder.resolve("runs");

        CopyOnAnotherHost nights = nightWithTheCopyOnAnotherHost(pools, source, target, "source");

        assertThat(nights.night()).as(out + "\n" + err).isZero();
        JsonNode night = new ObjectMapper().readTree(runs.resolve("1").resolve("night.json").toFile());
        assertThat(night.get("verify").toString()).isEqualTo(
                "{\"mode\":\"source\",\"copyCompared\":false,\"notCompared\":null}");
        assertThat(night.get("attention")).isEmpty();
        String verified = "[{\"dataset\":\"" + source + "\",\"status\":\"OK\",\"reason\":\"verify = source: the"
                + " night verifies the source only\"}]";
        assertChecked(new ObjectMapper().readTree(runs.resolve("1").resolve("check.json").toFile()), "OK",
                runs.resolve("1").resolve("night.json"), verified);
        assertThat(nights.check()).as(err.toString()).isZero();
        assertChecked(new ObjectMapper().readTree(nights.checkJson()), "OK", runs.resolve("1").resolve("night.json"),
                verified);
    }

    /** How the night with the copy on another host ended, and the check monitoring ran after it. */
    private record CopyOnAnotherHost(int night, int check, String checkJson) {
    }

    /**
     * One night of {@code source} (one file) to {@code target} on "another host", an sshd on loopback
     * with {@code verify = MODE}, then {@code check --json --runs} as monitoring runs it. One clock: the
     * creation time zfs gave a probe snapshot; the night's and the check's {@code --now} an hour before it.
     */
    private CopyOnAnotherHost nightWithTheCopyOnAnotherHost(TestPools pools, DatasetName source, DatasetName target,
                                                            String mode) throws Exception {
        pools.exec("zfs", "create", source.name());
        pools.write(source, "file", new byte[] {1, 2, 3});
        pools.exec("zfs", "snapshot", source + "@probe");
        Instant base = Instant.ofEpochSecond(Long.parseLong(pools.exec("zfs", "get", "-Hp", "-o", "value", "creation",
                source + "@probe").stdout().strip()));
        pools.exec("zfs", "destroy", source + "@probe");
        Instant now = base.minus(1, ChronoUnit.HOURS);
        Path runs = folder.resolve("runs");
        try (SshServer sshd = SshServer.onLoopback(Files.createDirectories(folder.resolve("sshd")))) {
            List<String> lines = new ArrayList<>(List.of("source = " + source, "target-root = " + target,
                    "target-host = " + sshd.destination(), "verify = " + mode, "runs = " + runs));
            // the copy's host over ssh: the night's own client options for the run, the runner's for plan and check
            List<String> options = sshd.clientOptions();
            for (int i = 0; i < options.size(); i += 2) {
                lines.add("ssh-option = " + options.get(i) + options.get(i + 1)); // -p2222, -i/key, -oX=Y
            }
            Path config = folder.resolve("night.conf");
            Files.writeString(config, String.join("\n", lines) + "\n");
            ProcessCommandRunner local = new ProcessCommandRunner();

            int night = Main.run(new CliEnvironment(PullOptOutTest.withClientOptions(local, options),
                    new PrintWriter(out, true), new PrintWriter(err, true)), "night", "--config", config.toString(),
                    "--now", now.toString());

            StringWriter checked = new StringWriter();
            int check = Main.run(new CliEnvironment(PullOptOutTest.withClientOptions(local, options),
                    new PrintWriter(checked, true), new PrintWriter(err, true)), "check", "--json", "--runs",
                    runs.toString(), "--target-host", sshd.destination(), "--target-root", target.name(), "--now",
                    now.toString(), source.name());
            return new CopyOnAnotherHost(night, check, checked.toString());
        }
    }

    /** check.json: fresh (tonight's snapshot is common), {@code status} overall, what the night verified. */
    private static void assertChecked(JsonNode check, String status, Path night, String verified) {
        assertThat(check.get("status").asText()).as(check.toPrettyString()).isEqualTo(status);
        assertThat(check.get("exitStatus").asInt()).isEqualTo(status.equals("OK") ? 0 : 1);
        assertThat(check.get("datasets").findValuesAsText("status")).containsExactly("OK");
        assertThat(check.get("night").asText()).isEqualTo(night.toString());
        assertThat(check.get("verified").toString()).isEqualTo(verified);
    }

    private int night(Path config, Instant now) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
                new PrintWriter(err, true)), "night", "--config", config.toString(), "--now", now.toString());
    }
}
