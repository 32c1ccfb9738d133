package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stream decides only the allowed properties of its copy: a source whose dataset reserves space
 * ({@code reservation}, {@code refreservation}), caps it ({@code quota}, {@code refquota}), turns
 * checksums off, asks for three copies of every block, dedup and gzip (and on OpenZFS
 * {@code sync=disabled}, {@code redundant_metadata=most}, {@code logbias}, {@code primarycache}),
 * sent with its properties ({@code zfs send -p}, {@code --option properties}), full then
 * incremental: on the copy every one of those is the backup host's (the target's parent's value),
 * while {@code recordsize}, {@code atime} and a user property arrive as received values.
 *
 * <p>On OpenZFS the run pulls from the guest's source over ssh and {@code zfs recv -x} keeps them
 * out: the inherited value, the stream's kept as the received one; a quota or reservation, which
 * zfs does not inherit, stays out of the new copy, but the incremental stream into the copy that
 * exists brings it through {@code -x}, and the run's check after its receives sets {@code none}.
 * zfs-fuse has no {@code -x}: they take effect as the stream arrives, and the check after each step
 * (after the run's last receive) inherits them
 * ({@code none} for quota and reservation).
 */
class ReceivedAllowlistTest {
    private static final String FIRST = "zr-20261201T000000Z";
    private static final String SECOND = "zr-20261202T000000Z";
    /** Decide nothing beyond the copy: the stream's values arrive. */
    private static final Map<String, String> ALLOWED = Map.of("recordsize", "64K", "atime", "off",
            "org.example:label", "blue");
    /** zfs does not inherit these: the copy has none. */
    private static final List<String> NOT_INHERITABLE = List.of("quota", "refquota", "reservation", "refreservation");

    @ZfsTest
    void shouldLetAStreamSetOnlyTheAllowedPropertiesOfItsCopy(TestPools pools, @TempDir Path dir) {
        PoolsCli cli = new PoolsCli(pools);
        DatasetName source = pools.create("as").resolve("data");
        DatasetName targetRoot = pools.create("at");
        DatasetName copy = targetRoot.resolve("data");
        pools.exec("zfs", "create", source.name());
        Map<String, String> set = new LinkedHashMap<>();
        set.put("reservation", "16M");
        set.put("refreservation", "16M");
        set.put("quota", "128M");
        set.put("refquota", "128M");
        set.put("checksum", "off");
        set.put("copies", "3");
        set.put("dedup", "on");
        set.put("compression", "gzip");
        if (pools.backend() == ZfsBackend.OPENZFS) {
            set.put("sync", "disabled");
            set.put("redundant_metadata", "most");
            set.put("logbias", "throughput");
            set.put("primarycache", "metadata");
        }
        set.putAll(ALLOWED);
        set.forEach((property, value) -> pools.exec("zfs", "set", property + "=" + value, source.name()));
        pools.write(source, "file", new byte[] {1, 2, 3});
        pools.exec("zfs", "snapshot", source + "@" + FIRST);
        List<String> excluded = set.keySet().stream().filter(p -> !ALLOWED.containsKey(p)).toList();
        // the oracle: what the copy's parent, the backup host's own dataset, has
        Map<String, String> hosts = new LinkedHashMap<>();
        excluded.forEach(property -> hosts.put(property, value(pools, targetRoot, property)));

        for (String night : List.of(FIRST, SECOND)) {
            if (night.equals(SECOND)) {
                pools.write(source, "file2", new byte[] {4, 5, 6});
                pools.exec("zfs", "snapshot", source + "@" + SECOND);
            }
            Path out = dir.resolve(night);
            cli.cli("plan", "--target-root", copy.name(), "-o", out.toString(), source.name());
            cli.run(out.resolve("plan.json").toString(), "--option", "properties", "--buffer", "0", "--retries", "0",
                    "--artifacts", out.toString());
            String as = "the copy after the run of " + night + " that logged:\n" + cli.lastErr();

            Map<String, String> expected = new LinkedHashMap<>();
            // zfs -x keeps a quota or reservation out of a new copy only; into one that exists (OpenZFS lets it
            // through -x) and on zfs-fuse (no -x) it takes effect, and the check after the step sets none
            boolean setAfter = pools.backend() == ZfsBackend.ZFS_FUSE || night.equals(SECOND);
            for (String property : excluded) {
                expected.put(property, NOT_INHERITABLE.contains(property) ? (setAfter ? "none local" : "none default")
                        : hosts.get(property) + " default");
            }
            ALLOWED.forEach((property, value) -> expected.put(property, value + " received"));
            assertThat(properties(pools, copy, new ArrayList<>(set.keySet()))).as(as)
                    .containsExactlyInAnyOrderEntriesOf(expected);
        }
        if (pools.backend() == ZfsBackend.OPENZFS) {
            // an excluded inheritable property's stream value stays the received one: a restore can send it back
            assertThat(pools.exec("zfs", "get", "-H", "-o", "received", "checksum,copies,dedup", copy.name()).stdout()
                    .lines().toList()).containsExactly("off", "3", "on");
        }
    }

    private static String value(TestPools pools, DatasetName dataset, String property) {
        return pools.exec("zfs", "get", "-H", "-o", "value", property, dataset.name()).stdout().strip();
    }

    /** "value source" of each property, by name. */
    private static Map<String, String> properties(TestPools pools, DatasetName dataset, List<String> properties) {
        Map<String, String> read = new LinkedHashMap<>();
        pools.exec("zfs", "get", "-H", "-o", "property,value,source", String.join(",", properties), dataset.name())
                .stdout().lines().map(line -> line.split("\t")).forEach(f -> read.put(f[0], f[1] + " " + f[2]));
        return read;
    }
}
