package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.plan.PlanArtifacts;
import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What pruning shows only on OpenZFS: {@code zfs send -nP} estimates in the plan's artifacts and
 * the bytes pruning saved in prune-report.json, each equal to what {@code zfs send -nP} prints for
 * that stream in the guest; and a hold that appears after the listing, which zfs's one batched
 * destroy refuses and the report records, nothing forced.
 */
@ExtendWith(OpenZfsTestBed.class)
class OpenZfsPruneTest {
    private static final int MIB = 1 << 20;
    private static final List<String> HOURS = PruneZfsTest.HOURLY.subList(0, 3);

    @TempDir
    Path artifacts;

    @Test
    void shouldEstimateEveryStepAsZfsSendNpAndReportTheBytesPruningSaved(TestPools pools) throws IOException {
        // given: 1 MiB at 01, 2 MiB more at 02 that are deleted again by 03, which adds 1 MiB
        DatasetName source = pools.create("esrc");
        DatasetName target = pools.create("edst");
        pools.exec("zfs", "set", "compression=off", source.name());
        pools.write(source, "a", random(MIB, 1));
        pools.exec("zfs", "snapshot", source + "@" + HOURS.get(0));
        pools.write(source, "b", random(2 * MIB, 2));
        pools.exec("zfs", "snapshot", source + "@" + HOURS.get(1));
        pools.exec("rm", pools.mountpoint(source) + "/b");
        pools.write(source, "c", random(MIB, 3));
        pools.exec("zfs", "snapshot", source + "@" + HOURS.get(2));
        Zfs zfs = new Zfs(pools.runner());
        PlanOptions planOptions = new PlanOptions(Selection.of(List.of(source), true), target.resolve("c"),
                SnapshotNaming.of("zr"), false, false);

        // when planned with estimates, then pruned by target rules that keep 01 and 03 only
        ReplicationPlan plan = new PlanRun(zfs, zfs, planOptions, false, true).run(PruneZfsTest.NOW, line -> { });
        Path planned = Files.createDirectories(artifacts.resolve("plan"));
        PlanArtifacts.write(plan, planned);
        PruneBeforeSend.Result pruned = PruneZfsTest.prune(zfs, "regex: T0[13]0000Z$", null, false)
                .run(plan, line -> { });
        PruneArtifacts.write(pruned, artifacts); // the pruned plan's plan.json and plan.txt, and the report

        // then the plan's steps carry exactly what zfs send -nP prints for them (the oracle, asked here)
        String s1 = source + "@" + HOURS.get(0);
        String s3 = source + "@" + HOURS.get(2);
        long full = sendEstimate(pools, s1);
        long range = sendEstimate(pools, "-I", s1, s3);
        long skipping = sendEstimate(pools, "-i", s1, s3);
        assertThat(plan.steps()).extracting(SendStep::kind, SendStep::estimatedBytes)
                .containsExactly(tuple(SendKind.FULL, full), tuple(SendKind.INCREMENTAL_RANGE, range));
        assertThat(estimates(planned)).containsExactly(full, range);
        assertThat(Files.readString(planned.resolve(PlanArtifacts.TEXT)))
                .contains("(~" + full + " bytes)", "(~" + range + " bytes)");

        // and the pruned plan's new step (-i 01 03, which zfs never estimated before) was asked of zfs
        assertThat(pruned.plan().steps()).extracting(SendStep::kind, SendStep::estimatedBytes)
                .containsExactly(tuple(SendKind.FULL, full), tuple(SendKind.INCREMENTAL, skipping));
        assertThat(estimates(artifacts)).containsExactly(full, skipping);
        assertThat(Files.readString(artifacts.resolve(PlanArtifacts.TEXT))).contains("(~" + skipping + " bytes)");
        JsonNode report = new ObjectMapper().readTree(artifacts.resolve(PruneArtifacts.REPORT).toFile());
        assertThat(report.get("snapshotsNotSent").asInt()).isEqualTo(1);
        assertThat(report.get("bytesNotSent").asLong()).isEqualTo(range - skipping);
        assertThat(report.get("bytesNotSentBasis").asText())
                .isEqualTo("zfs send -nP estimates of the plan before minus after pruning");
        // what was saved is 02's 2 MiB file (and a little stream overhead), nothing of 01 or 03
        assertThat(range - skipping).isBetween(2L * MIB, 2L * MIB + MIB / 8);

        // and the streams actually sent are within 5% of their estimates: -nP counts the data blocks and their
        // record headers, not all of the dataset's metadata (a full stream of 1 MiB came out 3.1% larger here)
        Map<String, Long> sent = new TestApply(pools).apply(pruned.plan());
        System.out.printf("send -nP in the plan: full %,d, -I %,d; pruned -i %,d; bytes not sent %,d; sent %s%n",
                full, range, skipping, range - skipping, sent);
        List<Long> bytes = new ArrayList<>(sent.values());
        assertThat((double) bytes.get(0)).isBetween(full * 0.95, full * 1.05);
        assertThat((double) bytes.get(1)).isBetween(skipping * 0.95, skipping * 1.05);
    }

    @Test
    void shouldRefuseThePruneWhenASnapshotIsHeldAfterTheListingAndDestroyNothing(TestPools pools) {
        // given a dry run that would destroy 01 and 02 on the target
        DatasetName source = pools.create("rsrc");
        DatasetName target = pools.create("rdst");
        Zfs zfs = new Zfs(pools.runner());
        HOURS.forEach(name -> pools.exec("zfs", "snapshot", source + "@" + name));
        new TestApply(pools).apply(PruneZfsTest.plan(zfs, source, target.resolve("c")));
        String dataset = target + "/c";
        PruneReport dryRun = PruneZfsTest.prune(zfs, "last: 1", null, false)
                .run(PruneZfsTest.plan(zfs, source, target.resolve("c")), line -> { }).report();
        assertThat(dryRun.toDestroy(CandidateSide.TARGET)).extracting(PruneDecision::snapshot)
                .containsExactly(HOURS.get(0), HOURS.get(1));

        // when someone holds 02 before the destroy runs
        pools.exec("zfs", "hold", "audit", dataset + "@" + HOURS.get(1));
        try {
            List<List<String>> commands = new ArrayList<>();
            Zfs recording = new Zfs(new TestApply.Recording(pools.runner(), commands));

            // then the guard, listing the target again right before destroying, refuses the whole prune
            assertThatThrownBy(() -> Destroyer.execute(dryRun, null, recording,
                    DestroyGuard.of(PruneZfsTest.options("last: 1", null), KnownBases.NONE),
                    Destroyer.ErrorPolicy.CONTINUE, line -> { }))
                    .isInstanceOf(UnsafeDestroyException.class)
                    .hasMessage("Prune refused, it would break 'the base of every known target survives': %s@%s is"
                            + " held (userrefs=1): a hold records a target's base. Nothing was destroyed", dataset,
                            HOURS.get(1));
            assertThat(commands).noneMatch(c -> c.contains("destroy") || c.contains("release"));
            assertThat(TestApply.snapshots(pools, dataset)).extracting(s -> s.split(" ")[0])
                    .containsExactlyElementsOf(HOURS);
        } finally {
            pools.exec("zfs", "release", "audit", dataset + "@" + HOURS.get(1));
        }
    }

    /** The estimatedBytes of every step in the folder's plan.json, in order. */
    private static List<Long> estimates(Path folder) throws IOException {
        return new ObjectMapper().readTree(folder.resolve(PlanArtifacts.JSON).toFile()).findValues("estimatedBytes")
                .stream().map(JsonNode::asLong).toList();
    }

    /** The oracle: the "size" line of {@code zfs send -nP ARGS} run in the guest. */
    private static long sendEstimate(TestPools pools, String... arguments) {
        List<String> command = new ArrayList<>(List.of("zfs", "send", "-nP"));
        command.addAll(List.of(arguments));
        String out = pools.exec(command.toArray(String[]::new)).stdout();
        return out.lines().filter(line -> line.startsWith("size\t")).mapToLong(line -> Long.parseLong(line.substring(5)))
                .findFirst().orElseThrow();
    }

    private static byte[] random(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }
}
