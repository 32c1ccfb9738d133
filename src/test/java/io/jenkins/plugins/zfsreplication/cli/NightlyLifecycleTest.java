package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;
import io.jenkins.plugins.zfsreplication.zfs.TestProcesses;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Simulated nights of replication through the command line, as a cron job runs it, twenty on
 * zfs-fuse and ten on OpenZFS (the same events, closer together): each night new, changed and deleted files, one snapshot run (named with
 * the night's time, so retention sees one day a night), plan, prune before send on both sides,
 * send/recv, verify. The tree is nested three levels below its root. On the way a dataset is
 * renamed (and the admin renames its copy), one is destroyed, one is added, an admin mounts a copy
 * and reads it (not diverged), and one night someone writes into a copy: exactly that copy is
 * reported diverged, and planning again with {@code --allow-rollback} (the documented way) rolls
 * it back within the night's run. The snapshots each side keeps are computed here from the rules
 * alone ({@code last: N}), never by the engine's retention code.
 */
class NightlyLifecycleTest {
    /** On zfs-fuse: twenty nights, each event with quiet nights around it. */
    static final Schedule TWENTY_NIGHTS = new Schedule(20, 5, 7, 10, 12, 15);
    private static final int KEEP_TARGET = 5;
    private static final int KEEP_SOURCE = 3;
    private static final Instant FIRST = Instant.parse("2026-11-01T02:00:00Z");
    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("'zr-'yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    /**
     * Which night each event comes. The retention rules keep at most five nights, so any schedule
     * whose last event leaves two nights after it sees the rules' steady state and every event's
     * next night.
     *
     * @param nights  how many nights
     * @param look    an admin mounts a copy and reads it
     * @param rename  a dataset and its copy are renamed
     * @param write   someone writes into a copy (the next night rolls it back)
     * @param destroy a dataset is destroyed on the source
     * @param add     a dataset is added
     */
    record Schedule(int nights, int look, int rename, int write, int destroy, int add) {
    }
    private static final String DEEPEST = "a/b/c";
    /**
     * Each night's files, for every dataset at once (one command, also over ssh): a new file, a
     * changed block of an old one, the file of two nights ago deleted. $1 is the night.
     */
    private static final String CHANGE_FILES = "night=$1; shift; for d in \"$@\"; do"
            + " head -c 65536 /dev/urandom > \"$d/new-$night\" &&"
            + " head -c 16384 /dev/urandom | dd of=\"$d/changing\" bs=16384 seek=$((night % 4)) conv=notrunc 2>/dev/null &&"
            + " rm -f \"$d/new-$((night - 2))\" || exit 1; done";

    /** On zfs-fuse; the same nights on OpenZFS are {@link OpenZfsNightlyLifecycleTest}'s. */
    @Test
    @ExtendWith(ZfsTestBed.class)
    void shouldReplicateTwentyNightsIncrementallyWithTheRulesSnapshots(TestPools pools, @TempDir Path dir)
            throws Exception {
        replicateNights(pools, dir, TWENTY_NIGHTS);
    }

    /** The scenario, on either backend: the nights' numbers are printed, a line a night. */
    static void replicateNights(TestPools pools, Path dir, Schedule schedule) throws Exception {
        PoolsCli cli = new PoolsCli(pools);
        DatasetName source = pools.create("ns").resolve("tree");
        DatasetName copy = pools.create("nt").resolve("tree");
        Map<String, List<String>> sourceNights = new TreeMap<>(); // relative dataset -> its snapshots, oldest first
        for (String child : List.of("", "a", "a/b", DEEPEST, "d", "x")) {
            pools.exec("zfs", "create", dataset(source, child).name());
            sourceNights.put(child, new ArrayList<>());
        }
        Map<String, List<String>> frozenCopies = new TreeMap<>(); // copies whose source is gone
        Map<String, List<String>> targetNights = new TreeMap<>();
        long started = System.nanoTime();

        for (int night = 1; night <= schedule.nights(); night++) {
            Instant now = FIRST.plus(Duration.ofDays(night - 1));
            String snapshot = NAME.format(now);
            Path nightDir = dir.resolve("night-" + night);

            if (night == schedule.rename()) {
                // renamed on the source; the admin renames the copy too, so it stays incremental
                if (pools.backend() == ZfsBackend.ZFS_FUSE) {
                    // zfs-fuse refuses to rename a mounted file system ("dataset is busy"): the admin unmounts it
                    pools.exec("zfs", "unmount", source.resolve("d").name());
                    pools.execWhileBusy("zfs", "rename", source.resolve("d").name(), source.resolve("e").name());
                    pools.exec("zfs", "mount", source.resolve("e").name());
                } else {
                    pools.exec("zfs", "rename", source.resolve("d").name(), source.resolve("e").name());
                }
                pools.exec("zfs", "rename", copy.resolve("d").name(), copy.resolve("e").name());
                sourceNights.put("e", sourceNights.remove("d"));
                targetNights.put("e", targetNights.remove("d"));
            }
            if (night == schedule.destroy()) {
                if (pools.backend() == ZfsBackend.ZFS_FUSE) {
                    pools.exec("zfs", "unmount", source.resolve("x").name()); // else "dataset is busy" there
                }
                pools.execWhileBusy("zfs", "destroy", "-r", source.resolve("x").name());
                sourceNights.remove("x");
                frozenCopies.put("x", targetNights.remove("x"));
            }
            if (night == schedule.add()) {
                pools.exec("zfs", "create", source.resolve("n").name());
                sourceNights.put("n", new ArrayList<>());
            }
            NightClock clock = new NightClock();
            List<String> change = new ArrayList<>(List.of("sh", "-c", CHANGE_FILES, "sh", Integer.toString(night)));
            sourceNights.keySet().forEach(child -> change.add(pools.mountpoint(dataset(source, child)).toString()));
            pools.exec(change.toArray(String[]::new));
            clock.lap("files");

            // one snapshot run and the plan
            cli.cli("plan", "-r", "--snapshot-now", "--now", now.toString(), "--target-root", copy.name(),
                    "-o", nightDir.toString(), source.name());
            clock.lap("plan");
            sourceNights.values().forEach(nights -> nights.add(snapshot));
            List<DatasetPlan> plans = PlanJson.read(nightDir.resolve("plan.json")).datasets();
            assertThat(byChild(plans, source).keySet()).as("night %d: the plan's datasets", night)
                    .containsExactlyInAnyOrderElementsOf(sourceNights.keySet());

            boolean rollback = night == schedule.write() + 1;
            if (rollback) {
                // someone wrote into a/b's copy last night: exactly that copy is diverged
                assertThat(plans).filteredOn(plan -> plan.action() == DatasetAction.DIVERGED)
                        .extracting(plan -> plan.target().name()).as(cli.lastErr())
                        .containsExactly(copy.resolve("a/b").name());
                // the documented way: plan again allowing the rollback of a diverged copy
                cli.cli("plan", "-r", "--allow-rollback", "--now", now.toString(), "--target-root", copy.name(),
                        "-o", nightDir.toString(), source.name());
                plans = PlanJson.read(nightDir.resolve("plan.json")).datasets();
            }
            assertThat(plans).extracting(DatasetPlan::action).as("night %d: %s", night, cli.lastErr())
                    .containsOnly(DatasetAction.SEND);
            Map<String, DatasetPlan> byChild = byChild(plans, source);
            Map<String, SendKind> expectedFirst = new TreeMap<>();
            for (Map.Entry<String, DatasetPlan> entry : byChild.entrySet()) {
                List<SendStep> steps = entry.getValue().steps();
                boolean onTarget = targetNights.containsKey(entry.getKey());
                expectedFirst.put(entry.getKey(), onTarget ? SendKind.INCREMENTAL : SendKind.FULL);
                assertThat(steps).extracting(SendStep::kind).as("night %d, %s: the plan's steps", night, entry.getKey())
                        .containsExactly(onTarget ? SendKind.INCREMENTAL : SendKind.FULL);
                assertThat(steps).extracting(SendStep::rollback).as("night %d, %s: rolled back", night, entry.getKey())
                        .containsExactly(rollback && entry.getKey().equals("a/b"));
                targetNights.putIfAbsent(entry.getKey(), new ArrayList<>());
            }

            // prune before send on both sides, then send/recv; the transfer's record says what went
            cli.cli("prune", "--plan", nightDir.resolve("plan.json").toString(), "--keep-target", "last: " + KEEP_TARGET,
                    "--keep-source", "last: " + KEEP_SOURCE, "--now", now.toString(), "--destroy");
            clock.lap("prune");
            if (rollback) {
                // the receiving side's own consent: the plan alone does not roll the copy back
                cli.run(nightDir.resolve("plan.json").toString(), "--artifacts", nightDir.resolve("transfer").toString(),
                        "--allow-rollback");
            } else {
                cli.run(nightDir.resolve("plan.json").toString(), "--artifacts", nightDir.resolve("transfer").toString());
            }
            clock.lap("run");
            JsonNode transfer = new ObjectMapper().readTree(nightDir.resolve("transfer/transfer.json").toFile());
            assertThat(transfer.get("result").asText()).as("night %d: %s", night, cli.lastErr()).isEqualTo("ok");
            Map<String, String> sentKinds = new TreeMap<>();
            int incremental = 0;
            for (JsonNode step : transfer.get("steps")) {
                assertThat(step.get("result").asText()).as("night %d: %s", night, step).isEqualTo("ok");
                assertThat(step.get("to").asText()).isEqualTo(snapshot);
                // each dataset's new file alone is 64 KiB of random data
                assertThat(step.get("bytes").asLong()).as("night %d: %s", night, step).isGreaterThan(64 << 10);
                sentKinds.put(child(source, step.get("dataset").asText()), step.get("kind").asText());
                incremental += step.get("kind").asText().equals(SendKind.INCREMENTAL.name()) ? 1 : 0;
            }
            Map<String, String> expectedKinds = new TreeMap<>();
            expectedFirst.forEach((child, kind) -> expectedKinds.put(child, kind.name()));
            assertThat(sentKinds).as("night %d: each dataset's step in transfer.json", night).isEqualTo(expectedKinds);
            // the rules, applied here: the source keeps its newest N of the nights it has seen; the target
            // its newest N of those it had before tonight's arrived (what replaces its oldest had not arrived
            // when prune ran: that one goes at the next night's prune), then tonight's
            for (String child : sourceNights.keySet()) {
                targetNights.put(child, new ArrayList<>(newest(targetNights.get(child), KEEP_TARGET)));
            }
            targetNights.values().forEach(nights -> nights.add(snapshot));
            Map<String, List<String>> onSource = snapshots(pools, source);
            Map<String, List<String>> onTarget = snapshots(pools, copy);
            for (String child : sourceNights.keySet()) {
                sourceNights.put(child, newest(sourceNights.get(child), KEEP_SOURCE));
            }
            Map<String, List<String>> expectedTarget = new TreeMap<>(targetNights);
            expectedTarget.putAll(frozenCopies); // the copy of destroyed x is left alone
            assertThat(names(onSource)).as("night %d: the source's snapshots", night).isEqualTo(sourceNights);
            assertThat(names(onTarget)).as("night %d: the target's snapshots", night).isEqualTo(expectedTarget);
            // the newest snapshot is the same on both sides: same GUID (zfs recv checked the stream)
            for (String child : sourceNights.keySet()) {
                assertThat(last(onTarget.get(child))).as("night %d, %s: newest snapshot and GUID", night, child)
                        .isEqualTo(last(onSource.get(child))).startsWith(snapshot + " ");
            }
            clock.lap("check");
            verifyNight(pools, cli, night, night == schedule.nights(), new ArrayList<>(sourceNights.keySet()), source, copy, snapshot,
                    nightDir.resolve("verify"));

            if (night == schedule.look()) {
                // an admin mounts a copy, reads every file in it, and unmounts it
                lookAt(pools, copy.resolve("a"), false);
            }
            if (night == schedule.write()) {
                // someone makes a copy writable and writes into it
                lookAt(pools, copy.resolve("a/b"), true);
            }

            clock.lap("verify");
            TestProcesses.println(String.format("%s night %02d: sent %d bytes in %d steps (%d incremental, %d full),"
                            + " kept source %d target %d; %s", pools.backend().label(), night,
                    transfer.get("bytes").asLong(), transfer.get("steps").size(), incremental,
                    transfer.get("steps").size() - incremental, count(onSource), count(onTarget), clock));
        }
        TestProcesses.println(String.format("%s: %d nights in %.1f s", pools.backend().label(), schedule.nights(),
                (System.nanoTime() - started) / 1e9));
    }

    /**
     * The tool's own verify of the night's snapshot, source against copy. On zfs-fuse one dataset a
     * night in turn and all of them the last night. In the guest each verify is a JVM started under
     * emulation (half a minute or more): there the deepest dataset on the last night; every night
     * the newest snapshot's GUID on both sides says the same (zfs recv checked the stream).
     */
    private static void verifyNight(TestPools pools, PoolsCli cli, int night, boolean lastNight, List<String> children,
                                    DatasetName source, DatasetName copy, String snapshot, Path dir) {
        List<String> verified;
        if (pools.backend() == ZfsBackend.OPENZFS) {
            verified = lastNight ? List.of(DEEPEST) : List.of();
        } else {
            verified = lastNight ? children : List.of(children.get(night % children.size()));
        }
        for (String child : verified) {
            Path manifests = dir.resolve(child.isEmpty() ? "root" : child.replace('/', '-'));
            cli.verify(dataset(source, child).name() + "@" + snapshot, manifests.resolve("source.manifest"));
            cli.verify(dataset(copy, child).name() + "@" + snapshot, manifests.resolve("target.manifest"));
            cli.cli("compare", manifests.resolve("source.manifest").toString(),
                    manifests.resolve("target.manifest").toString());
        }
    }

    /** Seconds each part of a night took, for the night's line: where the time goes on each backend. */
    private static final class NightClock {
        private final StringBuilder laps = new StringBuilder();
        private long last = System.nanoTime();

        void lap(String part) {
            long now = System.nanoTime();
            laps.append(laps.length() == 0 ? "" : " ").append(String.format(java.util.Locale.ROOT, "%s %.1f s", part,
                    (now - last) / 1e9));
            last = now;
        }

        @Override
        public String toString() {
            return laps.toString();
        }
    }

    /** Mounts a copy (read-only unless {@code write}), reads every file, writes one if asked, unmounts. */
    private static void lookAt(TestPools pools, DatasetName copy, boolean write) {
        if (write) {
            pools.exec("zfs", "set", "readonly=off", copy.name());
        }
        // zfs-fuse, which mounted the children as they arrived, left their empty mount point directories
        // below the copy's (unmounted) mount point and refuses to mount over a non-empty directory; its
        // overlay mount (zfs mount -O) ends the daemon. The admin removes the empty directories first.
        String mountpoint = pools.exec("zfs", "get", "-H", "-o", "value", "mountpoint", copy.name()).stdout().strip();
        pools.exec("sh", "-c", "[ ! -d \"$1\" ] || find \"$1\" -mindepth 1 -depth -type d -empty -delete", "sh",
                mountpoint);
        pools.exec("zfs", "mount", copy.name());
        String read = pools.exec("sh", "-c", "cat \"$1\"/new-* \"$1\"/changing | wc -c", "sh", mountpoint).stdout();
        assertThat(Long.parseLong(read.strip())).as("bytes read in %s", copy).isPositive();
        if (write) {
            pools.exec("sh", "-c", "echo a change the source does not have > \"$1\"/written-on-the-target && sync",
                    "sh", mountpoint);
        }
        pools.exec("zfs", "unmount", copy.name());
        if (write) {
            pools.exec("zfs", "set", "readonly=on", copy.name());
        }
    }

    /** Each dataset below {@code root} (relative name) with its snapshots' "name guid", oldest first. */
    private static Map<String, List<String>> snapshots(TestPools pools, DatasetName root) {
        Map<String, List<String>> byChild = new TreeMap<>();
        for (String line : pools.exec("zfs", "list", "-H", "-t", "filesystem,snapshot", "-o", "name,guid", "-s", "createtxg", "-r",
                root.name()).stdout().lines().toList()) {
            String[] fields = line.split("\t");
            int at = fields[0].indexOf('@');
            String child = child(root, at < 0 ? fields[0] : fields[0].substring(0, at));
            List<String> snapshots = byChild.computeIfAbsent(child, key -> new ArrayList<>());
            if (at >= 0) {
                snapshots.add(fields[0].substring(at + 1) + " " + fields[1]);
            }
        }
        return byChild;
    }

    private static Map<String, List<String>> names(Map<String, List<String>> snapshots) {
        Map<String, List<String>> names = new TreeMap<>();
        snapshots.forEach((child, list) -> names.put(child, list.stream().map(s -> s.split(" ")[0]).toList()));
        return names;
    }

    private static int count(Map<String, List<String>> snapshots) {
        return snapshots.values().stream().mapToInt(List::size).sum();
    }

    private static String last(List<String> list) {
        return list.get(list.size() - 1);
    }

    private static List<String> newest(List<String> nights, int keep) {
        return new ArrayList<>(nights.subList(Math.max(0, nights.size() - keep), nights.size()));
    }

    private static DatasetName dataset(DatasetName root, String child) {
        return child.isEmpty() ? root : root.resolve(child);
    }

    private static String child(DatasetName root, String name) {
        return name.equals(root.name()) ? "" : name.substring(root.name().length() + 1);
    }

    private static Map<String, DatasetPlan> byChild(List<DatasetPlan> plans, DatasetName source) {
        Map<String, DatasetPlan> byChild = new LinkedHashMap<>();
        for (DatasetPlan plan : plans) {
            byChild.put(child(source, plan.source().name()), plan);
        }
        return byChild;
    }
}
