package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/** --pre-snapshot and --post-snapshot with real commands around real snapshots. */
@ExtendWith(ZfsTestBed.class)
class SnapshotHooksTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<List<String>> commands = new ArrayList<>();

    @TempDir
    Path dir;

    @Test
    void shouldRunThePreHookBeforeAndThePostHookAfterTheSnapshotWithTheDatasetsInTheEnvironment(TestPools pools)
            throws Exception {
        DatasetName pool = pools.create("hook");
        pools.exec("zfs", "create", pool + "/db");
        Path pre = dir.resolve("pre.txt");
        Path post = dir.resolve("post.txt");

        int status = run(pools, "snapshot", "-r", "--now", "2026-12-01T00:00:00Z",
                "--pre-snapshot", hook(pre, pool), "--post-snapshot", hook(post, pool), pool.name());

        assertThat(status).as(err.toString()).isZero();
        String name = "zr-20261201T000000Z";
        assertThat(Files.readAllLines(pre)).containsExactly("pre-snapshot", name, pool + " " + pool + "/db", "",
                "snapshots:");
        List<String> after = Files.readAllLines(post);
        assertThat(after.subList(0, 5)).containsExactly("post-snapshot", name, pool + " " + pool + "/db", "ok",
                "snapshots:");
        assertThat(after.subList(5, after.size())).containsExactlyInAnyOrder(pool + "@" + name, pool + "/db@" + name);
        assertThat(err.toString()).contains("pre-snapshot hook on local: /bin/sh -c", "pre-snapshot hook done",
                "post-snapshot hook done");
    }

    @Test
    void shouldTakeNoSnapshotWhenThePreHookFailsOrTimesOutAndThawWhenTheSnapshotFails(TestPools pools)
            throws Exception {
        DatasetName pool = pools.create("hfail");
        Path post = dir.resolve("post.txt");

        int failed = run(pools, "snapshot", "--pre-snapshot", "[\"/bin/sh\", \"-c\", \"echo cannot freeze >&2; exit 3\"]",
                "--post-snapshot", hook(post, pool), pool.name());
        int slow = run(pools, "snapshot", "--pre-snapshot", "[\"sleep\", \"30\"]", "--hook-timeout", "1",
                pool.name());

        assertThat(failed).isEqualTo(1);
        assertThat(slow).isEqualTo(1);
        assertThat(err.toString()).contains("pre-snapshot hook (stderr): cannot freeze",
                "error: The pre-snapshot hook [/bin/sh, -c, echo cannot freeze >&2; exit 3] exited with status 3:"
                        + " cannot freeze; no snapshot was taken",
                "error: The pre-snapshot hook [sleep, 30] failed: 'env ZFS_REPLICATION_HOOK=pre-snapshot");
        assertThat(err.toString()).contains("did not finish within PT1S and was killed; no snapshot was taken");
        assertThat(commands).noneMatch(c -> c.contains("snapshot") && c.get(0).equals("zfs"));
        assertThat(post).doesNotExist();
        assertThat(TestApply.snapshots(pools, pool.name())).isEmpty();

        // the snapshot fails (the name exists already): the post hook still runs, told it failed
        pools.exec("zfs", "snapshot", pool + "@zr-20261201T000000Z");
        int clash = run(pools, "snapshot", "--now", "2026-12-01T00:00:00Z", "--pre-snapshot", "[\"true\"]",
                "--post-snapshot", hook(post, pool), pool.name());

        assertThat(clash).isEqualTo(1);
        assertThat(Files.readAllLines(post)).startsWith("post-snapshot", "zr-20261201T000000Z", pool.name(), "failed");
        assertThat(err.toString()).contains("dataset already exists");
    }

    @Test
    void shouldRefuseAHookThatIsNotAnArgumentVectorBeforeRunningAnything(TestPools pools) {
        DatasetName pool = pools.create("hbad");

        assertThat(run(pools, "snapshot", "--pre-snapshot", "/usr/bin/freeze --all", pool.name())).isEqualTo(2);
        assertThat(run(pools, "snapshot", "--post-snapshot", "[\"A=b\", \"x\"]", pool.name())).isEqualTo(2);
        assertThat(run(pools, "snapshot", "--pre-snapshot", "[\"x\", 3]", pool.name())).isEqualTo(2);
        assertThat(run(pools, "plan", "--target-root", pool + "/copy", "--snapshot-now", "--pre-snapshot", "[]",
                pool.name())).isEqualTo(2);

        assertThat(err.toString()).contains("--pre-snapshot must be a JSON array of strings",
                "The post-snapshot hook's command 'A=b' must be a program name or path",
                "--pre-snapshot: every element must be a string, '3' is not");
        assertThat(commands).isEmpty();
    }

    /** A hook that writes what it was told and which snapshots exist at that moment. */
    private static String hook(Path file, DatasetName pool) {
        String script = "{ echo \"$ZFS_REPLICATION_HOOK\"; echo \"$ZFS_REPLICATION_SNAPSHOT\";"
                + " echo \"$ZFS_REPLICATION_DATASETS\"; echo \"$ZFS_REPLICATION_SNAPSHOT_RESULT\"; echo snapshots:;"
                + " zfs list -H -t snapshot -o name -s name -r " + pool + "; } > " + file;
        return "[\"/bin/sh\", \"-c\", \"" + script.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
    }

    private int run(TestPools pools, String... args) {
        return Main.run(new CliEnvironment(new TestApply.Recording(pools.runner(), commands), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
    }
}
