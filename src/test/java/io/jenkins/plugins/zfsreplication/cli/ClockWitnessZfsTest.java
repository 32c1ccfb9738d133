package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestClock;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.transfer.SshServer;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * Prune by age and the clock it counts from, through the command line on zfs-fuse pools
 * (docs/prune-safety.md, "Time you can trust"): a host whose clock jumped years ahead destroys
 * nothing by age, the same prune at a witnessed "now" destroys what the rules drop; and a snapshot
 * named after its creation is held only while its name lies ahead of the clock. Every time comes
 * from one {@link TestClock}, after the real clock (zfs's creation times) or from a real creation.
 */
@ExtendWith(ZfsTestBed.class)
class ClockWitnessZfsTest {
    private static final SnapshotNaming NAMING = SnapshotNaming.of(SnapshotNaming.DEFAULT_PREFIX);
    /** One a day for the last day, then one per day for three days: ages from 4 days on go. */
    private static final String GRID = "grid: 1x1d(keep=all) | 3x1d";
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldDestroyNothingByAgeWhenTheClockJumpedYearsAheadAndWhatTheRulesDropWhenWitnessed(TestPools pools)
            throws IOException {
        TestClock clock = TestClock.afterRealClock();
        DatasetName source = pools.create("ws").resolve("data");
        DatasetName target = pools.create("wt").resolve("data");
        pools.exec("zfs", "create", source.name());
        // aged 9 days 2 h down to 2 h, oldest first (their order by name is their order of creation)
        List<String> grid = new ArrayList<>();
        for (int day = 9; day >= 0; day--) {
            grid.add(clock.name(Duration.ofDays(day).plusHours(2)));
        }
        grid.forEach(name -> pools.exec("zfs", "snapshot", source + "@" + name));
        assertThat(run(clock.now(), "plan", "--now", clock.iso(), "--target-root", target.name(), "-o",
                dir("n1"), source.name())).as(err.toString()).isZero();
        assertThat(run(clock.now(), "run", dir("n1") + "/plan.json", "--artifacts", dir("n1"))).as(err.toString())
                .isZero();
        assertThat(names(pools, target)).containsExactlyElementsOf(grid);

        // the host's clock jumps four years ahead: its plan and its prune take that for now
        Instant jumped = clock.now().plus(Duration.ofDays(4 * 365));
        assertThat(run(jumped, "plan", "--target-root", target.name(), "-o", dir("n2"), source.name()))
                .as(err.toString()).isZero();
        err.getBuffer().setLength(0);
        assertThat(run(jumped, "prune", "--plan", dir("n2") + "/plan.json", "--keep-source", GRID, "--keep-target",
                GRID, "--destroy")).as(err.toString()).isZero();

        // nothing went: the newest snapshot taken before the plan (zfs's creation) says now is years off
        assertThat(names(pools, source)).containsExactlyElementsOf(grid);
        assertThat(names(pools, target)).containsExactlyElementsOf(grid);
        JsonNode report = report("n2");
        Instant created = Instant.ofEpochSecond(Long.parseLong(pools.exec("zfs", "get", "-Hp", "-o", "value",
                "creation", source + "@" + grid.get(9)).stdout().strip()));
        assertThat(report.get("clock").get("verdict").asText()).isEqualTo("AHEAD");
        assertThat(report.get("clock").get("basis").asText()).isEqualTo("NEWEST_CREATION");
        // the newest creation of the copies' snapshots: received ones keep the source's creation
        Instant newest = Instant.parse(report.get("clock").get("witness").asText());
        assertThat(newest).isEqualTo(created);
        String why = String.format("the clock is not witnessed (now %s is %d days after the newest snapshot created"
                + " before the plan (%s), more than 8 days): nothing goes by age tonight", jumped,
                Duration.between(newest, jumped).toDays(), newest);
        assertThat(decision(report, "target", grid.get(0))).isEqualTo("KEEP protected: " + why);
        assertThat(decision(report, "source", grid.get(0))).isEqualTo("KEEP protected: " + why);
        assertThat(err.toString()).contains("clock NOT witnessed: now " + jumped + " is ");

        // with the previous night's start as a witness too, that is the one named
        assertThat(run(jumped, "prune", "--plan", dir("n2") + "/plan.json", "--keep-source", GRID, "--keep-target",
                GRID, "--previous-run", clock.ago(Duration.ofDays(1)).toString(), "--destroy"))
                .as(err.toString()).isZero();
        assertThat(names(pools, source)).containsExactlyElementsOf(grid);
        assertThat(names(pools, target)).containsExactlyElementsOf(grid);
        assertThat(decision(report("n2"), "target", grid.get(3))).isEqualTo(String.format("KEEP protected: the clock"
                + " is not witnessed (now %s is 1461 days after the previous run's start (%s), more than 8 days):"
                + " nothing goes by age tonight", jumped, clock.ago(Duration.ofDays(1))));

        // at the test's own now, witnessed by the same night and creations, the grid drops what is 4 days and older
        assertThat(run(clock.now(), "plan", "--now", clock.iso(), "--target-root", target.name(), "-o", dir("n3"),
                source.name())).as(err.toString()).isZero();
        assertThat(run(clock.now(), "prune", "--plan", dir("n3") + "/plan.json", "--keep-source", GRID,
                "--keep-target", GRID, "--previous-run", clock.ago(Duration.ofDays(1)).toString(), "--destroy"))
                .as(err.toString()).isZero();
        assertThat(report("n3").get("clock").get("verdict").asText()).isEqualTo("AGREES");
        assertThat(names(pools, source)).containsExactlyElementsOf(grid.subList(6, 10));
        assertThat(names(pools, target)).containsExactlyElementsOf(grid.subList(6, 10));
    }

    /**
     * The second night of a jump: this host's own records (the previous run, the snapshots its clock
     * stamped) agree with the wrong clock. Here no earlier record exists, so the other host's clock,
     * asked over ssh as its copy is listed, is the only witness: a year apart, nothing goes by age;
     * in agreement, exactly what the grid drops goes. The other host is this one behind an sshd whose
     * commands run under libfaketime; both clocks are real ones.
     */
    @Test
    void shouldDestroyNothingByAgeWhileTheOtherHostsClockDisagreesAndWhatTheGridDropsOnceItAgrees(TestPools pools)
            throws Exception {
        TestClock clock = TestClock.atRealClock();
        DatasetName source = pools.create("hs").resolve("data");
        DatasetName target = pools.create("ht").resolve("data");
        pools.exec("zfs", "create", source.name());
        List<String> grid = new ArrayList<>();
        for (int day = 9; day >= 0; day--) {
            grid.add(clock.name(Duration.ofDays(day).plusHours(2)));
        }
        grid.forEach(name -> pools.exec("zfs", "snapshot", source + "@" + name));
        assertThat(run(clock.now(), "plan", "--target-root", target.name(), "-o", dir("h1"), source.name()))
                .as(err.toString()).isZero();
        assertThat(run(clock.now(), "run", dir("h1") + "/plan.json", "--artifacts", dir("h1"))).as(err.toString())
                .isZero();
        assertThat(names(pools, target)).containsExactlyElementsOf(grid);

        Path shift = folder.resolve("other-host-shift");
        Path forced = folder.resolve("forced-command");
        java.nio.file.Files.writeString(forced, "#!/bin/sh\nexec env FAKETIME=\"$(cat " + shift + ")\" LD_PRELOAD="
                + libfaketime() + " FAKETIME_DONT_FAKE_MONOTONIC=1 sh -c \"$SSH_ORIGINAL_COMMAND\"\n");
        java.nio.file.Files.setPosixFilePermissions(forced, java.nio.file.attribute.PosixFilePermissions.fromString(
                "rwxr-xr-x"));
        try (SshServer nas = SshServer.onLoopback(java.nio.file.Files.createDirectories(folder.resolve("sshd")))) {
            nas.forceCommand(forced.toString());
            // the copy's host a year behind this one (or this one a year ahead: which is wrong, no one can tell)
            java.nio.file.Files.writeString(shift, "-380d");
            assertThat(prune(nas, clock)).as(err.toString()).isZero();
            assertThat(names(pools, source)).containsExactlyElementsOf(grid);
            assertThat(names(pools, target)).containsExactlyElementsOf(grid);
            JsonNode behind = report("h1").get("clock");
            assertThat(behind.get("verdict").asText()).isEqualTo("AHEAD");
            assertThat(behind.get("basis").asText()).isEqualTo("OTHER_HOST");
            Instant nasClock = Instant.parse(behind.get("witness").asText());
            long days = Duration.between(nasClock, clock.now()).toDays();
            assertThat(days).isGreaterThanOrEqualTo(379);
            String why = String.format("the clock is not witnessed (this host's clock %s is %d days after the clock"
                    + " of %s (%s), more than 15 min): nothing goes by age tonight", clock.now(), days,
                    nas.destination(), nasClock);
            assertThat(decision(report("h1"), "target", grid.get(0))).isEqualTo("KEEP protected: " + why);
            assertThat(decision(report("h1"), "source", grid.get(0))).isEqualTo("KEEP protected: " + why);

            // the clocks agree again (the same clock as this JVM's, shifted or not): the grid drops 4 days and older
            java.nio.file.Files.writeString(shift, System.getenv().getOrDefault("FAKETIME", "+0"));
            assertThat(prune(nas, clock)).as(err.toString()).isZero();
            JsonNode agrees = report("h1").get("clock");
            assertThat(agrees.get("verdict").asText()).isEqualTo("AGREES");
            assertThat(agrees.get("basis").asText()).isEqualTo("OTHER_HOST");
            assertThat(names(pools, source)).containsExactlyElementsOf(grid.subList(6, 10));
            assertThat(names(pools, target)).containsExactlyElementsOf(grid.subList(6, 10));
        }
    }

    /** Prunes the copy of plan h1 through {@code nas}: its zfs and its clock over ssh. */
    private int prune(SshServer nas, TestClock clock) {
        err.getBuffer().setLength(0);
        return Main.run(new CliEnvironment(PullOptOutTest.withClientOptions(new ProcessCommandRunner(),
                nas.clientOptions()), new PrintWriter(out, true), new PrintWriter(err, true),
                Clock.fixed(clock.now(), ZoneOffset.UTC)), "prune", "--plan", dir("h1") + "/plan.json", "--target-host",
                nas.destination(), "--keep-source", GRID, "--keep-target", GRID, "--destroy");
    }

    /** libfaketime's preload library (Debian's libfaketime, which bin/test installs). */
    private static String libfaketime() throws IOException {
        try (java.util.stream.Stream<Path> found = java.nio.file.Files.find(Path.of("/usr/lib"), 4,
                (path, attributes) -> path.getFileName().toString().equals("libfaketime.so.1"))) {
            return found.findFirst().map(Path::toString).orElseThrow(() -> new IllegalStateException(
                    "libfaketime.so.1 is not installed (apt-get install libfaketime; bin/test does)"));
        }
    }

    @Test
    void shouldReleaseASnapshotNamedAfterItsCreationOnceTheClockHasPassedItsName(TestPools pools) throws IOException {
        TestClock clock = TestClock.afterRealClock();
        DatasetName source = pools.create("rs").resolve("data");
        pools.exec("zfs", "create", source.name());
        String old = clock.name(Duration.ofDays(3));
        // named at least 50 minutes after the moment it is taken (the test clock is an hour or more ahead)
        Instant namedFor = clock.ago(Duration.ofMinutes(10));
        String ahead = NAMING.name(namedFor);
        pools.exec("zfs", "snapshot", source + "@" + old);
        pools.exec("zfs", "snapshot", source + "@" + ahead);
        long created = Long.parseLong(pools.exec("zfs", "get", "-Hp", "-o", "value", "creation",
                source + "@" + ahead).stdout().strip());
        // the next one named for a minute after that creation, taken after it
        String next = NAMING.name(Instant.ofEpochSecond(created + 60));
        pools.exec("zfs", "snapshot", source + "@" + next);

        // five minutes before its name: the clocks disagree, it is held
        Instant before = namedFor.minus(Duration.ofMinutes(5));
        assertThat(run(before, "prune", "--keep-source", "grid: 1x1d(keep=all)", "--now", before.toString(), "-o",
                dir("p1"), source.name(), "--destroy")).as(err.toString()).isZero();
        assertThat(names(pools, source)).containsExactly(ahead, next);
        assertThat(decision(report("p1"), "source", ahead)).isEqualTo(String.format("KEEP protected: named after its"
                + " creation (%s) and still after this host's clock: its time is not trusted until the clock reaches"
                + " it", Instant.ofEpochSecond(created)));

        // three days after its name: judged by its creation, and the rules drop it (the newest stays, as always)
        Instant later = namedFor.plus(Duration.ofDays(3));
        assertThat(run(later, "prune", "--keep-source", "grid: 1x1d(keep=all)", "--now", later.toString(), "-o",
                dir("p2"), source.name(), "--destroy")).as(err.toString()).isZero();
        assertThat(names(pools, source)).containsExactly(next);
        JsonNode report = report("p2");
        assertThat(report.get("clock").get("verdict").asText()).isEqualTo("AGREES");
        assertThat(decision(report, "source", ahead)).isEqualTo("DESTROY kept by no source rule");
        assertThat(time(report, ahead)).isEqualTo(Instant.ofEpochSecond(created).toString());
    }

    private String dir(String name) {
        return folder.resolve(name).toString();
    }

    private JsonNode report(String night) throws IOException {
        return new ObjectMapper().readTree(folder.resolve(night).resolve("prune-report.json").toFile());
    }

    private static String decision(JsonNode report, String side, String snapshot) {
        for (JsonNode candidate : report.get("candidates")) {
            if (candidate.get("side").asText().equals(side) && candidate.get("snapshot").asText().equals(snapshot)) {
                return candidate.get("decision").asText() + " " + candidate.get("rule").asText();
            }
        }
        return "not judged";
    }

    private static String time(JsonNode report, String snapshot) {
        for (JsonNode candidate : report.get("candidates")) {
            if (candidate.get("snapshot").asText().equals(snapshot)) {
                return candidate.get("time").asText();
            }
        }
        return "not judged";
    }

    private static List<String> names(TestPools pools, DatasetName dataset) {
        return TestApply.snapshots(pools, dataset.name()).stream().map(s -> s.split(" ")[0]).toList();
    }

    /** The command line on a host whose clock reads {@code now}. */
    private int run(Instant now, String... args) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
                new PrintWriter(err, true), Clock.fixed(now, ZoneOffset.UTC)), args);
    }
}
