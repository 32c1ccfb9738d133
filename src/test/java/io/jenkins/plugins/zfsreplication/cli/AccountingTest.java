package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * No dataset of the selection silently leaves the backup, on real pools: a property typo, a name
 * with a space, a name too long for the target, each makes its dataset "needs attention" in the
 * plan and WARNING (or worse) in check, never fails the plan of the others, while a dataset the
 * backup host excluded stays out quietly. And check judges a copy by what the copy holds: a
 * snapshot renamed on the source does not make an old copy young.
 *
 * <p>Every time comes from one clock: the creation time zfs gave a first snapshot; the snapshots'
 * names and each command's {@code --now} are derived from it.
 */
@ExtendWith(ZfsTestBed.class)
class AccountingTest {
    private static final SnapshotNaming NAMING = SnapshotNaming.of(SnapshotNaming.DEFAULT_PREFIX);

    @TempDir
    Path folder;

    @Test
    void shouldAccountForATypoANameWithASpaceAndAnExclusionInPlanAndCheck(TestPools pools) throws IOException {
        PoolsCli cli = new PoolsCli(pools);
        DatasetName source = pools.create("acs").resolve("data");
        DatasetName targetRoot = pools.create("act").resolve("copy");
        for (String child : List.of("", "/ok", "/typo", "/off", "/my docs")) {
            pools.exec("zfs", "create", source + child);
        }
        pools.exec("zfs", "set", "zfs-replication:backup=off", source + "/off");
        Instant base = creationOf(pools, source + "/ok");
        String first = NAMING.name(base.minus(2, ChronoUnit.DAYS));
        String second = NAMING.name(base.minus(1, ChronoUnit.DAYS));
        Instant now = base.minus(23, ChronoUnit.HOURS);

        pools.exec("zfs", "snapshot", "-r", source + "@" + first);
        cli.cli("plan", "-r", "--target-root", targetRoot.name(), "-o", folder.resolve("1").toString(), source.name());
        cli.run(folder.resolve("1").resolve("plan.json").toString(), "--artifacts", folder.resolve("1").toString());
        // the owner means "on" and writes "yes": no plan may read that as either on or off
        pools.exec("zfs", "set", "zfs-replication:backup=yes", source + "/typo");
        pools.exec("zfs", "snapshot", "-r", source + "@" + second);
        Path two = folder.resolve("2");
        cli.cli("plan", "-r", "--target-root", targetRoot.name(), "-o", two.toString(), source.name());

        String typoReason = "zfs-replication:backup is 'yes', not an allowed value (on, off, or unset): not sent until"
                + " it is one of them";
        String spaceReason = "Invalid ZFS name '" + source + "/my docs': character ' ' (space) at position "
                + (source.name().length() + 4) + " is not allowed in a dataset name component; ZFS names use letters,"
                + " digits and - _ . :; not replicated (rename it to replicate it)";
        JsonNode plan = new ObjectMapper().readTree(two.resolve("plan.json").toFile());
        List<JsonNode> datasets = new ArrayList<>();
        plan.get("datasets").forEach(datasets::add);
        assertThat(datasets).extracting(d -> d.get("source").asText(), d -> d.get("action").asText(),
                d -> d.get("reason").asText()).containsExactly(
                tuple(source.name(), "SEND", "incremental from " + first),
                tuple(source + "/off", "EXCLUDED", "zfs-replication:backup=off"),
                tuple(source + "/ok", "SEND", "incremental from " + first),
                tuple(source + "/typo", "SKIPPED", typoReason));
        assertThat(plan.get("refusedNames")).hasSize(1);
        assertThat(plan.get("refusedNames").get(0).get("name").asText()).isEqualTo(source + "/my docs");
        assertThat(plan.get("refusedNames").get(0).get("reason").asText()).isEqualTo(spaceReason);
        assertThat(plan.get("refusedNames").get(0).get("excluded").asBoolean()).isFalse();
        assertThat(Files.readString(two.resolve("plan.txt"))).contains(
                "accounted for: 2 to send, 0 already current, 1 excluded by the backup host's choice, 2 needs attention",
                source + "/typo -> " + targetRoot + "/typo: SKIPPED, needs attention\n  " + typoReason + "\n",
                source + "/off -> " + targetRoot + "/off: EXCLUDED\n",
                source + "/my docs: SKIPPED, needs attention\n  " + spaceReason + "\n");
        assertThat(cli.lastErr()).contains("plan: " + source + "/typo needs attention: SKIPPED (" + typoReason + ")");

        cli.run(two.resolve("plan.json").toString(), "--artifacts", two.toString());
        assertThat(names(TestApply.snapshots(pools, targetRoot + "/typo"))).containsExactly(first);
        assertThat(names(TestApply.snapshots(pools, targetRoot + "/ok"))).containsExactly(first, second);

        StringWriter out = new StringWriter();
        int status = cli.status(out, "check", "--json", "-r", "--target-root", targetRoot.name(), "--now",
                now.toString(), source.name());

        // the typo's copy is only a day old, fresh by the thresholds: WARNING all the same, it is sent no more
        assertThat(status).as(out + cli.lastErr()).isEqualTo(1);
        JsonNode check = new ObjectMapper().readTree(out.toString());
        List<JsonNode> judged = new ArrayList<>();
        check.get("datasets").forEach(judged::add);
        assertThat(judged).extracting(d -> d.get("source").asText(), d -> d.get("status").asText(),
                d -> d.get("reason").asText()).containsExactly(
                tuple(source.name(), "OK", "newest common snapshot @" + second + " is 1h old"),
                tuple(source + "/ok", "OK", "newest common snapshot @" + second + " is 1h old"),
                tuple(source + "/typo", "WARNING", typoReason + "; newest common snapshot @" + first + " is 1d1h old"));
        assertThat(check.get("notJudged")).hasSize(1);
        assertThat(check.get("notJudged").get(0).get("name").asText()).isEqualTo(source + "/my docs");
        assertThat(check.get("notJudged").get(0).get("status").asText()).isEqualTo("WARNING");
        assertThat(check.get("notJudged").get(0).get("reason").asText()).isEqualTo(spaceReason);
        assertThat(check.get("status").asText()).isEqualTo("WARNING");
    }

    @Test
    void shouldPlanTheOthersWhenOneTargetNameWouldPassTheLimit(TestPools pools) throws IOException {
        PoolsCli cli = new PoolsCli(pools);
        DatasetName source = pools.create("als");
        // the target root is 30 characters longer than the source root: a long source name fits, its copy's does not
        DatasetName targetRoot = pools.create("alt").resolve("copy-of-the-source-pool-here");
        Instant base = creationOf(pools, source.name());
        String snapshot = NAMING.name(base.minus(1, ChronoUnit.HOURS));
        // the longest child whose snapshots still fit in ZFS's 255 characters
        String longName = source + "/" + "l".repeat(255 - source.name().length() - 1 - 1 - snapshot.length());
        pools.exec("zfs", "create", source + "/short");
        pools.exec("zfs", "create", longName);
        pools.exec("zfs", "snapshot", "-r", source + "@" + snapshot);
        Instant now = base;

        cli.cli("plan", "-r", "--target-root", targetRoot.name(), "-o", folder.toString(), source.name());

        JsonNode plan = new ObjectMapper().readTree(folder.resolve("plan.json").toFile());
        List<String> planned = new ArrayList<>();
        plan.get("datasets").forEach(d -> planned.add(d.get("source").asText() + " " + d.get("action").asText()));
        assertThat(planned).containsExactly(source + " SEND", source + "/short SEND");
        assertThat(plan.get("refusedNames")).hasSize(1);
        assertThat(plan.get("refusedNames").get(0).get("name").asText()).isEqualTo(longName);
        int targetLength = targetRoot.name().length() + longName.length() - source.name().length();
        assertThat(plan.get("refusedNames").get(0).get("reason").asText()).isEqualTo("its target name under "
                + targetRoot + " is not a valid ZFS name: Invalid ZFS name '" + (targetRoot + "/" + "l".repeat(40)).substring(0, 40)
                + "...': " + targetLength + " characters, ZFS allows at most 255; not replicated (a shorter target"
                + " root, or exclude it)");
        cli.run(folder.resolve("plan.json").toString(), "--artifacts", folder.toString());
        assertThat(names(TestApply.snapshots(pools, targetRoot + "/short"))).containsExactly(snapshot);

        StringWriter out = new StringWriter();
        int status = cli.status(out, "check", "-r", "--target-root", targetRoot.name(), "--now", now.toString(),
                source.name());

        assertThat(status).as(out + cli.lastErr()).isEqualTo(1);
        assertThat(out.toString()).startsWith("ZFS-REPLICATION WARNING - 0 critical, 1 warning, 2 ok: " + longName
                + ": not judged: its target name is not a valid ZFS name: ");
    }

    @Test
    void shouldJudgeACopyByItsOwnSnapshotNotByTheSourcesNewName(TestPools pools) throws IOException {
        PoolsCli cli = new PoolsCli(pools);
        DatasetName source = pools.create("ars").resolve("home");
        DatasetName target = pools.create("art").resolve("home");
        pools.exec("zfs", "create", source.name());
        pools.exec("zfs", "snapshot", source + "@probe");
        Instant base = creationOf(pools, source + "@probe");
        String old = NAMING.name(base.minus(1, ChronoUnit.HOURS));
        pools.exec("zfs", "rename", source + "@probe", source + "@" + old);
        cli.cli("plan", "--target-root", target.name(), "-o", folder.toString(), source.name());
        cli.run(folder.resolve("plan.json").toString(), "--artifacts", folder.toString());
        // ten days later the copy has had nothing new; the source's snapshot is renamed as if it were today's
        Instant now = base.plus(Duration.ofDays(10));
        String fresh = NAMING.name(now);
        pools.exec("zfs", "rename", source + "@" + old, source + "@" + fresh);

        StringWriter out = new StringWriter();
        int status = cli.status(out, "check", "--json", "--target-root", target.name(), "--now", now.toString(),
                source.name());

        assertThat(status).as(out + cli.lastErr()).isEqualTo(2);
        JsonNode dataset = new ObjectMapper().readTree(out.toString()).get("datasets").get(0);
        assertThat(dataset.get("status").asText()).isEqualTo("CRITICAL");
        assertThat(dataset.get("newestCommon").get("snapshot").asText()).isEqualTo(old);
        assertThat(dataset.get("newestCommon").get("guid").asText()).isEqualTo(TestApply.guid(pools, source + "@" + fresh));
        assertThat(dataset.get("newestCommon").get("ageSeconds").asLong()).isEqualTo(Duration.ofDays(10).plusHours(1)
                .toSeconds());
    }

    /** The creation time zfs gave {@code object}: the test's one clock. */
    private static Instant creationOf(TestPools pools, String object) {
        if (!object.contains("@")) {
            pools.exec("zfs", "snapshot", object + "@clock");
            Instant created = creationOf(pools, object + "@clock");
            pools.exec("zfs", "destroy", object + "@clock");
            return created;
        }
        return Instant.ofEpochSecond(Long.parseLong(pools.exec("zfs", "get", "-Hp", "-o", "value", "creation", object)
                .stdout().strip()));
    }

    private static List<String> names(List<String> snapshots) {
        return snapshots.stream().map(line -> line.substring(0, line.lastIndexOf(' '))).toList();
    }
}
