package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Twenty simulated nights of replication through the command line, as a cron job would run it:
 * each night new, changed and deleted files, one snapshot run (named with the night's time, so
 * retention sees twenty days), plan, prune before send on both sides, send/recv, verify. On the
 * way a dataset is renamed (and the admin renames its copy), one is destroyed, one is added, an
 * admin mounts a copy and reads it, and one night someone writes into a copy: exactly that copy is
 * reported diverged, the admin rolls it back, and the nights go on. The snapshots each side keeps
 * are computed here from the rules alone ({@code last: N}), never by the engine's retention code.
 */
@ExtendWith(ZfsTestBed.class)
class NightlyLifecycleTest {
    private static final int NIGHTS = 20;
    private static final int KEEP_TARGET = 5;
    private static final int KEEP_SOURCE = 3;
    private static final Instant FIRST = Instant.parse("2026-11-01T02:00:00Z");
    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("'zr-'yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);
    private static final int RENAME_NIGHT = 7;
    private static final int LOOK_NIGHT = 5;
    private static final int WRITE_NIGHT = 10;
    private static final int DESTROY_NIGHT = 12;
    private static final int ADD_NIGHT = 15;
    private static final Pattern TOTAL = Pattern.compile("(?m)^total: (\\d+) bytes in (\\d+) step");

    private final Random random = new Random(20261101);
    private String lastErr = "";

    @Test
    void shouldReplicateTwentyNightsIncrementallyWithTheRulesSnapshots(TestPools pools, @TempDir Path dir)
            throws Exception {
        DatasetName source = pools.create("ns").resolve("tree");
        DatasetName targetPool = pools.create("nt");
        DatasetName copy = targetPool.resolve("tree");
        // the source tree: nested three levels below its root
        Map<String, List<String>> sourceNights = new TreeMap<>(); // relative dataset -> nights' snapshots
        for (String child : List.of("", "a", "a/b", "a/b/c", "d", "x")) {
            pools.exec("zfs", "create", dataset(source, child).name());
            sourceNights.put(child, new ArrayList<>());
        }
        Map<String, List<String>> frozenCopies = new TreeMap<>(); // copies whose source is gone
        Map<String, List<String>> targetNights = new TreeMap<>();
        long started = System.nanoTime();
        StringBuilder table = new StringBuilder(String.format("%-5s %-20s %12s %6s %s%n", "night", "snapshot",
                "bytes sent", "steps", "snapshots kept (source / target, per dataset)"));

        for (int night = 1; night <= NIGHTS; night++) {
            Instant now = FIRST.plus(Duration.ofDays(night - 1));
            String snapshot = NAME.format(now);
            Path nightDir = dir.resolve("night-" + night);

            if (night == RENAME_NIGHT) {
                // renamed on the source; the admin renames the copy too, so it stays incremental
                pools.exec("zfs", "rename", source.resolve("d").name(), source.resolve("e").name());
                pools.exec("zfs", "rename", copy.resolve("d").name(), copy.resolve("e").name());
                sourceNights.put("e", sourceNights.remove("d"));
                targetNights.put("e", targetNights.remove("d"));
            }
            if (night == DESTROY_NIGHT) {
                pools.exec("zfs", "destroy", "-r", source.resolve("x").name());
                sourceNights.remove("x");
                frozenCopies.put("x", targetNights.remove("x"));
            }
            if (night == ADD_NIGHT) {
                pools.exec("zfs", "create", source.resolve("n").name());
                sourceNights.put("n", new ArrayList<>());
            }
            for (String child : sourceNights.keySet()) {
                changeFiles(pools.mountpoint(dataset(source, child)), night);
            }

            // one snapshot run and the plan
            cli("plan", "-r", "--snapshot-now", "--now", now.toString(), "--target-root", copy.name(),
                    "-o", nightDir.toString(), source.name());
            sourceNights.values().forEach(nights -> nights.add(snapshot));
            List<DatasetPlan> plans = PlanJson.read(nightDir.resolve("plan.json")).datasets();
            Map<String, DatasetPlan> byChild = byChild(plans, source);
            assertThat(byChild.keySet()).as("night %d: the plan's datasets", night)
                    .containsExactlyInAnyOrderElementsOf(sourceNights.keySet());

            if (night == WRITE_NIGHT + 1) {
                // someone wrote into a/b's copy last night: exactly that copy is diverged
                assertThat(plans).filteredOn(plan -> plan.action() == DatasetAction.DIVERGED)
                        .extracting(plan -> plan.target().name()).as(lastErr)
                        .containsExactly(copy.resolve("a/b").name());
                // the admin rolls the copy back to its newest snapshot and plans again
                List<String> kept = targetNights.get("a/b");
                pools.exec("zfs", "rollback", copy.resolve("a/b").name() + "@" + kept.get(kept.size() - 1));
                cli("plan", "-r", "--now", now.toString(), "--target-root", copy.name(), "-o",
                        nightDir.toString(), source.name());
                plans = PlanJson.read(nightDir.resolve("plan.json")).datasets();
                byChild = byChild(plans, source);
            }
            assertThat(plans).extracting(DatasetPlan::action).as("night %d: %s", night, lastErr)
                    .containsOnly(DatasetAction.SEND);
            for (Map.Entry<String, DatasetPlan> entry : byChild.entrySet()) {
                boolean onTarget = targetNights.containsKey(entry.getKey());
                List<SendKind> kinds = entry.getValue().steps().stream().map(SendStep::kind).toList();
                if (onTarget) {
                    assertThat(kinds).as("night %d, %s: on both sides, so incremental", night, entry.getKey())
                            .isNotEmpty().doesNotContain(SendKind.FULL);
                } else {
                    assertThat(kinds).as("night %d, %s: new on the target", night, entry.getKey())
                            .startsWith(SendKind.FULL);
                    targetNights.put(entry.getKey(), new ArrayList<>());
                }
            }

            // prune before send on both sides, then send/recv
            cli("prune", "--plan", nightDir.resolve("plan.json").toString(), "--keep-target", "last: " + KEEP_TARGET,
                    "--keep-source", "last: " + KEEP_SOURCE, "--now", now.toString(), "--destroy");
            String sent = cli("run", nightDir.resolve("plan.json").toString(), "--artifacts",
                    nightDir.resolve("transfer").toString());
            Matcher total = TOTAL.matcher(sent);
            assertThat(total.find()).as(sent).isTrue();
            targetNights.values().forEach(nights -> nights.add(snapshot));

            // the rules, applied here: each side keeps its newest N of the nights it has seen
            for (String child : sourceNights.keySet()) {
                List<String> expectedSource = newest(sourceNights.get(child), KEEP_SOURCE);
                sourceNights.put(child, new ArrayList<>(expectedSource));
                List<String> expectedTarget = newest(targetNights.get(child), KEEP_TARGET);
                targetNights.put(child, new ArrayList<>(expectedTarget));
                assertThat(snapshots(pools, dataset(source, child))).as("night %d: source %s", night, child)
                        .containsExactlyElementsOf(expectedSource);
                assertThat(snapshots(pools, dataset(copy, child))).as("night %d: target %s", night, child)
                        .containsExactlyElementsOf(expectedTarget);
            }
            for (Map.Entry<String, List<String>> frozen : frozenCopies.entrySet()) {
                assertThat(snapshots(pools, dataset(copy, frozen.getKey())))
                        .as("night %d: the copy of destroyed %s is left alone", night, frozen.getKey())
                        .containsExactlyElementsOf(frozen.getValue());
            }

            // verify the night's snapshot on both sides: one dataset a night in turn, all of them last
            List<String> children = new ArrayList<>(sourceNights.keySet());
            List<String> verified = night == NIGHTS ? children : List.of(children.get(night % children.size()));
            for (String child : verified) {
                verify(dataset(source, child), dataset(copy, child), snapshot, nightDir.resolve("verify-" + night
                        + "-" + child.replace('/', '-')));
            }

            if (night == LOOK_NIGHT) {
                // an admin mounts a copy and reads every file in it, then unmounts it
                lookAt(pools, copy.resolve("a"), false);
            }
            if (night == WRITE_NIGHT) {
                // someone makes a copy writable and writes into it
                lookAt(pools, copy.resolve("a/b"), true);
            }

            StringBuilder kept = new StringBuilder();
            for (String child : sourceNights.keySet()) {
                kept.append(String.format(" %s %d/%d", child.isEmpty() ? "tree" : child,
                        sourceNights.get(child).size(), targetNights.get(child).size()));
            }
            table.append(String.format("%-5d %-20s %12s %6s%s%n", night, snapshot, total.group(1), total.group(2),
                    kept));
        }
        System.out.printf("nightly lifecycle on zfs-fuse, %d nights in %.1f s:%n%s", NIGHTS,
                (System.nanoTime() - started) / 1e9, table);
    }

    /** New, changed and deleted files: a few hundred KiB a night per dataset. */
    private void changeFiles(Path mountpoint, int night) throws Exception {
        byte[] data = new byte[64 << 10];
        random.nextBytes(data);
        Files.write(mountpoint.resolve("new-" + night), data);
        Path changed = mountpoint.resolve("changing");
        byte[] part = new byte[16 << 10];
        random.nextBytes(part);
        if (Files.exists(changed)) {
            try (var file = new java.io.RandomAccessFile(changed.toFile(), "rw")) {
                file.seek((long) (night % 4) * part.length);
                file.write(part);
            }
        } else {
            Files.write(changed, data);
        }
        Files.deleteIfExists(mountpoint.resolve("new-" + (night - 2)));
    }

    private static void lookAt(TestPools pools, DatasetName copy, boolean write) throws Exception {
        if (write) {
            pools.exec("zfs", "set", "readonly=off", copy.name());
        }
        // -O: zfs-fuse, which mounted the children as they arrived, left their mount point directories
        // below the copy's (unmounted) mount point, and it refuses to mount over a non-empty directory
        pools.exec("zfs", "mount", "-O", copy.name());
        Path mountpoint = Path.of(pools.exec("zfs", "get", "-H", "-o", "value", "mountpoint", copy.name())
                .stdout().strip());
        try (var files = Files.list(mountpoint)) {
            for (Path file : files.toList()) {
                if (Files.isRegularFile(file)) {
                    assertThat(Files.readAllBytes(file)).isNotEmpty();
                }
            }
        }
        if (write) {
            Files.writeString(mountpoint.resolve("written-on-the-target"), "a change the source does not have");
        }
        pools.exec("zfs", "unmount", copy.name());
        if (write) {
            pools.exec("zfs", "set", "readonly=on", copy.name());
        }
    }

    private void verify(DatasetName source, DatasetName copy, String snapshot, Path dir) throws Exception {
        Files.createDirectories(dir);
        cli("verify", source.name() + "@" + snapshot, "-o", dir.resolve("source.manifest").toString());
        cli("verify", copy.name() + "@" + snapshot, "-o", dir.resolve("target.manifest").toString());
        cli("compare", dir.resolve("source.manifest").toString(), dir.resolve("target.manifest").toString());
    }

    private static List<String> snapshots(TestPools pools, DatasetName dataset) {
        return pools.exec("zfs", "list", "-H", "-t", "snapshot", "-o", "name", "-s", "createtxg", "-r",
                dataset.name()).stdout().lines().filter(line -> line.startsWith(dataset.name() + "@"))
                .map(line -> line.substring(dataset.name().length() + 1)).toList();
    }

    private static List<String> newest(List<String> nights, int keep) {
        return List.copyOf(nights.subList(Math.max(0, nights.size() - keep), nights.size()));
    }

    private static DatasetName dataset(DatasetName root, String child) {
        return child.isEmpty() ? root : root.resolve(child);
    }

    private static Map<String, DatasetPlan> byChild(List<DatasetPlan> plans, DatasetName source) {
        Map<String, DatasetPlan> byChild = new LinkedHashMap<>();
        for (DatasetPlan plan : plans) {
            String name = plan.source().name();
            byChild.put(name.equals(source.name()) ? "" : name.substring(source.name().length() + 1), plan);
        }
        return byChild;
    }

    /** Runs the command line in-process; fails the test with its output unless it exits 0. */
    private String cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
        lastErr = err.toString();
        assertThat(status).as("%s%n%s%n%s", String.join(" ", args), out, err).isZero();
        return out.toString();
    }
}
