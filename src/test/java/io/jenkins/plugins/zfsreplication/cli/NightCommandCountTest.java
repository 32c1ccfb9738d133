package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zfs commands of three nights of a tree on zfs-fuse pools, counted by a wrapper {@code zfs}
 * first on the night's PATH that logs every argument vector (as bin/bench-night-commands does): the
 * night runs as its own process. On the steady night each dataset costs one send, one receive and
 * one destroy (the source's oldest snapshot; zfs-fuse destroys one a call), and the reads of a
 * night are made once per host: no dataset is named by more than {@link #READS_NAMING_A_DATASET}
 * {@code zfs get}/{@code zfs list} commands, however many datasets the tree has. A listing or read
 * per step (each step listing its source and target, the three reads after each receive) names
 * every dataset in several more, and fails here.
 */
@ExtendWith(ZfsTestBed.class)
class NightCommandCountTest {
    private static final int CHILDREN = 5;
    private static final List<String> NIGHTS = List.of("2026-11-01T02:00:00Z", "2026-11-02T02:00:00Z",
            "2026-11-03T02:00:00Z");
    /**
     * On the steady night, the get and list commands naming one child dataset by name: the chains'
     * send flags read once for the run's targets; after the run's receives the file systems below
     * them ({@code zfs list -r}), the named properties, and {@code zfs get all}; the holds' listing
     * of each side. The other listings of each host (plan, prune, the run's start) name only the
     * tree's root ({@code -r}). A listing per step adds two, the reads after each receive three.
     */
    private static final int READS_NAMING_A_DATASET = 6;
    /**
     * The steady night's gets and lists, all of them (with the copies listed once after the run's
     * receives, for the GUIDs of what arrived): a read per dataset and step (6 here) exceeds it.
     */
    private static final int READS = 25;

    @TempDir
    Path dir;

    @Test
    void shouldIssueOneSendReceiveAndDestroyPerDatasetAndListEachHostOnce(TestPools pools) throws Exception {
        DatasetName source = pools.create("cs").resolve("tree");
        DatasetName targetPool = pools.create("ct");
        // zfs-fuse can deadlock when receives mount datasets inside its own mounts: copies stay unmounted
        pools.exec("zfs", "set", "mountpoint=none", targetPool.name());
        List<DatasetName> tree = new ArrayList<>(List.of(source));
        pools.exec("zfs", "create", source.name());
        for (int i = 1; i <= CHILDREN; i++) {
            tree.add(source.resolve("d" + i));
            pools.exec("zfs", "create", source.resolve("d" + i).name());
        }
        Path config = dir.resolve("night.conf");
        Files.writeString(config, String.join("\n", "source = " + source, "recursive = yes",
                "target-root = " + targetPool.resolve("tree"), "keep-source = last: 2", "keep-target = last: 2",
                "target-id = count", "verify = off", "runs = " + dir.resolve("runs"), ""));
        Path bin = wrapper(pools);

        List<Map<String, Integer>> nights = new ArrayList<>();
        List<List<String>> logs = new ArrayList<>();
        for (int night = 0; night < NIGHTS.size(); night++) {
            for (DatasetName dataset : tree) {
                pools.write(dataset, "night-" + night, new byte[] {(byte) night, 1, 2, 3});
            }
            List<String> log = night(bin, config, NIGHTS.get(night), night);
            logs.add(log);
            nights.add(bySubcommand(log));
        }

        // the first night: the new copies get canmount=noauto in one zfs set (the root's own check comes
        // first, at once, as full receives below it wait for it), and no child's full step lists its
        // parent, which the root's step received
        DatasetName copies = targetPool.resolve("tree");
        String first = "night 1's zfs commands:\n" + String.join("\n", logs.get(0));
        List<String> noauto = logs.get(0).stream().filter(line -> line.startsWith("set canmount=noauto ")).toList();
        assertThat(noauto).as(first).containsExactly("set canmount=noauto " + copies,
                "set canmount=noauto " + tree.subList(1, tree.size()).stream().sorted((a, b) -> b.name().compareTo(a.name()))
                        .map(child -> copies.resolve(child.relativeTo(source)).name()).collect(Collectors.joining(" ")));
        assertThat(logs.get(0)).as(first).doesNotContain("list -H -o name " + copies);
        // the chains' send flags (zfs-fuse has no recv -o): the root's at once, its children's in one zfs
        // set after the run's last receive; and no child's full step lists its target, which the new
        // parent cannot hold yet. The root's target is listed (its parent is the pool, not the run's)
        List<String> children = tree.subList(1, tree.size()).stream()
                .map(child -> copies.resolve(child.relativeTo(source)).name()).sorted().toList();
        assertThat(logs.get(0).stream().filter(line -> line.startsWith("set zfs-replication:send-flags="))).as(first)
                .containsExactly("set zfs-replication:send-flags=none " + copies,
                        "set zfs-replication:send-flags=none " + String.join(" ", children));
        String targetBefore = "get -Hp -o name,property,value -d 1 type,guid,createtxg,creation,used,referenced ";
        assertThat(logs.get(0)).as(first).contains(targetBefore + copies);
        for (String child : children) {
            assertThat(logs.get(0)).as(first).doesNotContain(targetBefore + child);
        }
        for (DatasetName dataset : tree) {
            String relative = dataset.relativeTo(source);
            DatasetName copy = relative.isEmpty() ? copies : copies.resolve(relative);
            assertThat(pools.exec("zfs", "get", "-H", "-o", "value,source", "canmount", copy.name()).stdout().strip())
                    .as(first).isEqualTo("noauto\tlocal");
        }

        Map<String, Integer> steady = nights.get(2);
        String as = "night 3's zfs commands: " + steady + "\n" + String.join("\n", logs.get(2));
        int datasets = tree.size();
        assertThat(steady.get("send")).as(as).isEqualTo(datasets);
        assertThat(steady.get("recv")).as(as).isEqualTo(datasets);
        assertThat(steady.get("destroy")).as(as).isEqualTo(datasets);
        // one hold of the new bases on each side and of what the run may deliver, one release on each side
        assertThat(steady.get("hold")).as(as).isEqualTo(3);
        assertThat(steady.get("release")).as(as).isEqualTo(2);
        assertThat(steady.get("get") + steady.get("list")).as(as).isLessThanOrEqualTo(READS);
        // the source's tree: listed by the prune's guard before it destroys (with the holds), and by the run
        // twice: for the holds and the checks before it sends (one listing), and for what arrived after
        // it, with the holds that move then (one listing)
        String core = "get -Hp -o name,property,value -r type,guid,createtxg,creation,used,referenced";
        List<String> runs = List.of(core + ",userrefs " + source, core + " " + source, core + ",userrefs " + source);
        assertThat(logs.get(2)).as(as).filteredOn(runs::contains).containsExactlyElementsOf(runs);
        // the copies' tree the same way: after the run's receives once, for the GUIDs of what arrived (the
        // checks) and the holds that move
        DatasetName copyTree = targetPool.resolve("tree");
        List<String> copyListings = List.of(core + ",userrefs " + copyTree, core + " " + copyTree,
                core + ",userrefs " + copyTree);
        assertThat(logs.get(2)).as(as).filteredOn(copyListings::contains).containsExactlyElementsOf(copyListings);
        for (DatasetName child : tree.subList(1, tree.size())) {
            List<String> naming = logs.get(2).stream().filter(line -> line.startsWith("get ") || line.startsWith("list "))
                    .filter(line -> List.of(line.split(" ")).stream().anyMatch(word -> word.equals(child.name())
                            || word.equals(targetPool.resolve("tree").resolve(child.relativeTo(source)).name())))
                    .toList();
            assertThat(naming).as(as).hasSizeLessThanOrEqualTo(READS_NAMING_A_DATASET);
        }
        // the source keeps its last two snapshots, the copy three (pruned to two before the night's receive)
        for (DatasetName dataset : tree) {
            String relative = dataset.relativeTo(source);
            DatasetName copy = relative.isEmpty() ? targetPool.resolve("tree") : targetPool.resolve("tree")
                    .resolve(relative);
            List<String> copied = TestApply.snapshots(pools, copy.name());
            assertThat(copied).as(as).hasSize(3);
            assertThat(copied.subList(1, 3)).as(as).isEqualTo(TestApply.snapshots(pools, dataset.name()));
        }
    }

    /** A directory with a {@code zfs} that appends its arguments to $ZFSR_COUNT_LOG, then runs the real one. */
    private Path wrapper(TestPools pools) throws IOException {
        String real = pools.exec("sh", "-c", "command -v zfs").stdout().strip();
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path zfs = bin.resolve("zfs");
        Files.writeString(zfs, "#!/bin/sh\nprintf '%s\\n' \"$*\" >> \"$ZFSR_COUNT_LOG\"\nexec " + real + " \"$@\"\n");
        assertThat(zfs.toFile().setExecutable(true)).isTrue();
        return bin;
    }

    /** Runs a night as its own process, the wrapper first on its PATH; the argument vectors it logged. */
    private List<String> night(Path bin, Path config, String now, int night) throws Exception {
        Path log = dir.resolve("zfs-" + night + ".log");
        Path out = dir.resolve("night-" + night + ".out");
        Files.writeString(log, "");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "night",
                "--config", config.toString(), "--now", now).redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        builder.environment().put("ZFSR_COUNT_LOG", log.toString());
        Process process = builder.start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("the night ended").isTrue();
        assertThat(process.exitValue()).as(Files.readString(out)).isZero();
        return Files.readAllLines(log);
    }

    private static Map<String, Integer> bySubcommand(List<String> log) {
        return log.stream().collect(Collectors.toMap(line -> line.split(" ")[0], line -> 1, Integer::sum,
                TreeMap::new));
    }
}
