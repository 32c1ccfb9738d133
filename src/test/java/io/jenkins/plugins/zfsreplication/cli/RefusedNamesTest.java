package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * ZFS allows a space in names; this tool refuses one as input. On real pools, a dataset and a
 * snapshot named with a space are listed, shown in plan.txt, plan.json and the prune report with
 * the reason, and skipped, while the other datasets plan, prune and replicate. One such name used
 * to fail the whole plan, even when excluded.
 */
@ExtendWith(ZfsTestBed.class)
class RefusedNamesTest {
    private static final String T1 = "zr-20261129T010000Z";
    private static final String T2 = "zr-20261129T020000Z";
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<List<String>> commands = new ArrayList<>();

    @TempDir
    Path folder;

    @Test
    void shouldShowAndSkipNamesWithASpaceAndReplicateTheOthers(TestPools pools) throws Exception {
        DatasetName source = pools.create("s");
        DatasetName target = pools.create("t");
        String spaced = source + "/my docs";
        pools.exec("zfs", "create", source + "/data");
        pools.exec("zfs", "create", spaced);
        pools.exec("zfs", "snapshot", "-r", source + "@" + T1);
        pools.exec("zfs", "snapshot", source + "/data@my snap");
        pools.exec("zfs", "snapshot", "-r", source + "@" + T2);
        // excluded by the backup host's pattern: its name's problem is no one's concern then
        String datasetReason = "matches the exclude pattern '*/my?docs'";
        String snapshotReason = "not sent (a name this tool does not accept as input: letters, digits and - _ . : "
                + "only): @my snap";

        int planned = run(pools, "plan", "-r", "--target-root", target + "/copy", "--snapshot-pattern", "my .*",
                "--exclude", "*/my?docs", "-o", folder.toString(), source.name());

        assertThat(planned).as(err.toString()).isZero();
        assertThat(Files.readString(folder.resolve("plan.txt"))).contains(
                "2 dataset(s), 4 step(s), 1 name(s) that cannot be planned",
                "accounted for: 2 to send, 0 already current, 1 excluded by the backup host's choice, 0 needs attention",
                source + "/data -> " + target + "/copy/data: SEND\n  new target: full send of " + T1 + "; "
                        + snapshotReason + "\n",
                "\n" + spaced + ": EXCLUDED\n  " + datasetReason + "\n");
        JsonNode plan = new ObjectMapper().readTree(folder.resolve("plan.json").toFile());
        assertThat(plan.get("refusedNames")).hasSize(1);
        assertThat(plan.get("refusedNames").get(0).get("name").asText()).isEqualTo(spaced);
        assertThat(plan.get("refusedNames").get(0).get("reason").asText()).isEqualTo(datasetReason);
        assertThat(plan.get("refusedNames").get(0).get("excluded").asBoolean()).isTrue();

        int pruned = run(pools, "prune", "--plan", folder.resolve("plan.json").toString(), "--keep-source", "last: 1",
                "--snapshot-pattern", "my .*", "--now", "2026-11-29T12:00:00Z");

        assertThat(pruned).as(err.toString()).isZero();
        JsonNode report = new ObjectMapper().readTree(folder.resolve("prune-report.json").toFile());
        assertThat(report.get("candidates")).filteredOn(c -> c.get("side").asText().equals("source")
                        && c.get("snapshot").asText().equals("my snap"))
                .extracting(c -> c.get("dataset").asText() + " " + c.get("decision").asText() + " " + c.get("rule").asText())
                .containsExactly(source + "/data KEEP protected: not destroyed by this tool: Invalid ZFS name '" + source
                        + "/data@my snap': character ' ' (space) at position " + (source.name().length() + 9)
                        + " is not allowed in a snapshot name; ZFS names use letters, digits and - _ . :");

        int ran = run(pools, "run", folder.resolve("plan.json").toString(), "--artifacts", folder.toString());

        assertThat(ran).as(err.toString()).isZero();
        assertThat(names(TestApply.snapshots(pools, target + "/copy/data"))).containsExactly(T1, T2);
        assertThat(names(TestApply.snapshots(pools, target + "/copy"))).containsExactly(T1, T2);
        assertThat(pools.runner().run(List.of("zfs", "list", "-H", "-o", "name", "-r", target.name()),
                java.time.Duration.ofMinutes(1)).stdout()).doesNotContain("my docs");
        assertThat(commands).noneMatch(command -> command.contains(spaced) || command.contains(source + "/data@my snap"));
    }

    /** The names of TestApply's "name guid" lines (a name may hold a space). */
    private static List<String> names(List<String> snapshots) {
        return snapshots.stream().map(line -> line.substring(0, line.lastIndexOf(' '))).toList();
    }

    private int run(TestPools pools, String... args) {
        CommandRunner runner = new TestApply.Recording(pools.runner(), commands);
        return Main.run(new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true)), args);
    }
}
