package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestClock;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * {@code check} against real pools whose snapshots carry their time in their names, so every age
 * is exact; the exit statuses and output are a monitoring plugin's.
 */
@ExtendWith(ZfsTestBed.class)
class CheckCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<List<String>> commands = new ArrayList<>();

    @Test
    void shouldReportEachDatasetsLagAgainstItsThresholdsWithPluginExitStatusAndPerfdata(TestPools pools) throws Exception {
        TestClock clock = TestClock.afterRealClock();
        DatasetName source = pools.create("ksrc");
        DatasetName target = pools.create("kdst");
        pools.exec("zfs", "create", target + "/copy");
        for (String child : List.of("ok", "late", "old", "new", "db", "off")) {
            pools.exec("zfs", "create", source + "/" + child);
        }
        pools.exec("zfs", "set", "zfs-replication:backup=off", source + "/off");
        // ok: replicated 6h ago, then the source's snapshot renamed as if taken 1h ago: the same snapshot by GUID,
        // and the copy is as old as the copy's own snapshot says, not as the source's new name says
        replicate(pools, source + "/ok@" + clock.hoursAgo(6), null, target + "/copy/ok");
        pools.exec("zfs", "rename", source + "/ok@" + clock.hoursAgo(6), source + "/ok@" + clock.hoursAgo(1));
        // late: replicated 36h ago, one newer snapshot not yet sent
        replicate(pools, source + "/late@" + clock.hoursAgo(36), null, target + "/copy/late");
        pools.exec("zfs", "snapshot", source + "/late@" + clock.hoursAgo(2));
        // old: two snapshots replicated, the newest 72h ago
        replicate(pools, source + "/old@" + clock.hoursAgo(108), null, target + "/copy/old");
        replicate(pools, source + "/old@" + clock.hoursAgo(72), source + "/old@" + clock.hoursAgo(108), target + "/copy/old");
        // new: never replicated
        pools.exec("zfs", "snapshot", source + "/new@" + clock.hoursAgo(1));
        // db: 2h old, fine by the default thresholds, late by its own (warn above 1h, crit above 3h)
        replicate(pools, source + "/db@" + clock.hoursAgo(2), null, target + "/copy/db");
        pools.exec("zfs", "snapshot", source + "/off@" + clock.hoursAgo(108));

        int status = run(pools, "check", "-r", "--target-root", target + "/copy", "--exclude", source.name(),
                "--warn", "**/db=1h", "--crit", "**/db=3h", "--now", clock.iso(), source.name());

        assertThat(status).as(err.toString()).isEqualTo(2);
        long okWarn = 26 * 3600;
        long okCrit = 50 * 3600;
        assertThat(out.toString()).isEqualTo(String.format("""
                ZFS-REPLICATION CRITICAL - 2 critical, 2 warning, 1 ok: %1$s/new: not on the target: %2$s/copy/new \
                does not exist (and 3 more) | '%1$s/db'=7200s;3600;10800;0 '%1$s/late'=129600s;%3$d;%4$d;0 \
                '%1$s/new'=U;%3$d;%4$d;0 '%1$s/ok'=21600s;%3$d;%4$d;0 '%1$s/old'=259200s;%3$d;%4$d;0
                WARNING %1$s/db -> %2$s/copy/db: newest common snapshot @%8$s is 2h old, above the \
                warning 1h; newest on the source @%8$s (2h); newest on the target @%8$s (2h)
                WARNING %1$s/late -> %2$s/copy/late: newest common snapshot @%7$s is 1d12h old, above \
                the warning 1d2h; newest on the source @%8$s (2h); newest on the target \
                @%7$s (1d12h)
                CRITICAL %1$s/new -> %2$s/copy/new: not on the target: %2$s/copy/new does not exist; newest on the \
                source @%11$s (1h)
                OK %1$s/ok -> %2$s/copy/ok: newest common snapshot @%6$s is 6h old; newest on the \
                source @%11$s (1h); newest on the target @%6$s (6h)
                CRITICAL %1$s/old -> %2$s/copy/old: newest common snapshot @%10$s is 3d old, above the \
                critical 2d2h; newest on the source @%10$s (3d); newest on the target @%10$s (3d)
                """, source, target, okWarn, okCrit, clock.iso(), clock.hoursAgo(6),
                clock.hoursAgo(36), clock.hoursAgo(2), clock.hoursAgo(108), clock.hoursAgo(72), clock.hoursAgo(1)));
        // besides the capability probe ('zfs -?'), one listing per host and nothing else
        List<List<String>> listings = commands.stream().filter(c -> !c.equals(List.of("zfs", "-?"))).toList();
        assertThat(listings).hasSize(2).allMatch(c -> c.get(1).equals("list") || c.get(1).equals("get"));
        assertThat(listings.get(0)).contains(source.name()).doesNotContain(target + "/copy");
        assertThat(listings.get(1)).contains(target + "/copy");
    }

    @Test
    void shouldWriteJsonWithExactAgesAndTheCreationTimeOfASnapshotOutsideTheNaming(TestPools pools) throws Exception {
        DatasetName source = pools.create("jsrc");
        DatasetName target = pools.create("jdst");
        replicate(pools, source + "@manual", null, target + "/copy");
        long creation = Long.parseLong(pools.exec("zfs", "get", "-Hp", "-o", "value", "creation", source + "@manual")
                .stdout().strip());
        // "now" an hour after @manual was taken (zfs's clock), and the newer snapshot named for half an hour before
        TestClock clock = new TestClock(java.time.Instant.ofEpochSecond(creation + 3600));
        String newer = clock.name(java.time.Duration.ofMinutes(30));
        pools.exec("zfs", "snapshot", source + "@" + newer);
        String guid = TestApply.guid(pools, source + "@manual");

        int status = run(pools, "check", "--target-root", target + "/copy", "--json", "--warn", "1000d", "--crit",
                "2000d", "--now", clock.iso(), source.name());

        assertThat(status).as(out + "" + err).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("kind").asText()).isEqualTo("zfs-replication-check");
        assertThat(json.get("status").asText()).isEqualTo("OK");
        assertThat(json.get("exitStatus").asInt()).isZero();
        assertThat(json.get("now").asText()).isEqualTo(clock.iso());
        assertThat(json.get("thresholds").asText()).isEqualTo("warn 1000d, crit 2000d");
        JsonNode dataset = json.get("datasets").get(0);
        assertThat(json.get("datasets")).hasSize(1);
        assertThat(dataset.get("source").asText()).isEqualTo(source.name());
        assertThat(dataset.get("target").asText()).isEqualTo(target + "/copy");
        assertThat(dataset.get("warnSeconds").asLong()).isEqualTo(1000 * 86_400L);
        assertThat(dataset.get("newestCommon").get("snapshot").asText()).isEqualTo("manual");
        assertThat(dataset.get("newestCommon").get("guid").asText()).isEqualTo(guid);
        assertThat(dataset.get("newestCommon").get("time").asText())
                .isEqualTo(java.time.Instant.ofEpochSecond(creation).toString());
        assertThat(dataset.get("newestCommon").get("ageSeconds").asLong()).isEqualTo(3600);
        assertThat(dataset.get("newestSource").get("snapshot").asText()).isEqualTo(newer);
        assertThat(dataset.get("newestSource").get("ageSeconds").asLong()).isEqualTo(1800);
        assertThat(dataset.get("newestTarget").get("snapshot").asText()).isEqualTo("manual");
    }

    @Test
    void shouldSayUnknownWithExitStatusThreeForBadInputAndWhenZfsFails(TestPools pools) {
        DatasetName source = pools.create("usrc");

        assertThat(run(pools, "check", "--target-root", "b/c", "--warn", "26x", source.name())).isEqualTo(3);
        assertThat(run(pools, "check", "--target-root", "b/c", "--warn", "3h", "--crit", "2h", source.name())).isEqualTo(3);
        assertThat(run(pools, "check", "--target-root", "b/c", "--warn", "1h", "--warn", "2h", source.name())).isEqualTo(3);
        assertThat(run(pools, "check", "--target-root", "b/c", "--crit", "tank/`id`=2h", source.name())).isEqualTo(3);
        assertThat(run(pools, "check", "--target-root", "b/c", "tank/a;reboot")).isEqualTo(3);
        assertThat(run(pools, "check", "--target-root", "b/c", "--target-host", "x;reboot", source.name())).isEqualTo(3);
        assertThat(run(pools, "check", "--target-root", "b/c", "--no-such-option", source.name())).isEqualTo(3);
        assertThat(commands).as("bad input runs no zfs command").isEmpty();
        assertThat(run(pools, "check", "--target-root", source + "/copy", source + "/missing")).isEqualTo(3);
        assertThat(run(pools, "check", "--target-root", source + "/copy", "--exclude", "**", source.name())).isEqualTo(3);

        assertThat(out.toString().lines()).containsExactly(
                "ZFS-REPLICATION UNKNOWN - Invalid age '26x': unknown unit 'x' at position 3; write for example 26h,"
                        + " 1d2h or 90m (units s, m, h, d, w)",
                "ZFS-REPLICATION UNKNOWN - The warning age 3h is above the critical age 2h for the defaults: a dataset"
                        + " would turn CRITICAL before WARNING; give --warn below --crit",
                "ZFS-REPLICATION UNKNOWN - --warn is given twice without a pattern ('2h'); one default age, then"
                        + " GLOB=AGE for the datasets that differ",
                "ZFS-REPLICATION UNKNOWN - Invalid dataset pattern 'tank/`id`': character '`' at position 6; patterns"
                        + " use dataset name characters and * ** ?",
                "ZFS-REPLICATION UNKNOWN - Invalid ZFS name 'tank/a;reboot': character ';' at position 7 is not allowed in a dataset name component; ZFS names use letters, digits"
                        + " and - _ . :",
                "ZFS-REPLICATION UNKNOWN - Invalid ssh destination 'x;reboot': use host or user@host",
                "ZFS-REPLICATION UNKNOWN - Unknown option: '--no-such-option'",
                "ZFS-REPLICATION UNKNOWN - 'zfs get -Hp -o name,property,value -d 1 type,guid,createtxg,creation,used,"
                        + "referenced,zfs-replication:backup,userrefs,origin " + source + "/missing' failed with exit"
                        + " status 1: cannot open '" + source + "/missing': dataset does not exist",
                "ZFS-REPLICATION UNKNOWN - no dataset selected on local: nothing to check");
    }

    @Test
    void shouldSayUnknownAsJsonWithJson(TestPools pools) throws IOException {
        DatasetName source = pools.create("vsrc");

        assertThat(run(pools, "check", "--json", "--target-root", "b/c", "--warn", "26x", source.name())).isEqualTo(3);
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("status").asText()).isEqualTo("UNKNOWN");
        assertThat(json.get("exitStatus").asInt()).isEqualTo(3);
        assertThat(json.get("error").asText()).startsWith("Invalid age '26x'");
        out.getBuffer().setLength(0);

        assertThat(run(pools, "check", "--json", "--target-root", "b/c", "--no-such-option", source.name())).isEqualTo(3);
        assertThat(new ObjectMapper().readTree(out.toString()).get("error").asText())
                .isEqualTo("Unknown option: '--no-such-option'");
        assertThat(commands).isEmpty();
    }

    /** {@code zfs send [-i from] snapshot | zfs recv target}, process to process. */
    private static void replicate(TestPools pools, String snapshot, String from, String target) throws IOException,
            InterruptedException {
        pools.exec("zfs", "snapshot", snapshot);
        List<String> send = new ArrayList<>(List.of("zfs", "send"));
        if (from != null) {
            send.addAll(List.of("-i", from));
        }
        send.add(snapshot);
        List<Process> processes = ProcessBuilder.startPipeline(List.of(new ProcessBuilder(send),
                new ProcessBuilder("zfs", "recv", target)));
        for (Process process : processes) {
            assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
            assertThat(process.exitValue()).as(new String(process.getErrorStream().readAllBytes())).isZero();
        }
    }

    private int run(TestPools pools, String... args) {
        return Main.run(new CliEnvironment(new TestApply.Recording(pools.runner(), commands), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
    }
}
