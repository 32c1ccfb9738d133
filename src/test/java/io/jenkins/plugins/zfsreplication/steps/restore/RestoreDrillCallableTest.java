package io.jenkins.plugins.zfsreplication.steps.restore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import hudson.AbortException;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.restore.DrillResult;
import io.jenkins.plugins.zfsreplication.restore.DrillJson;
import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.steps.shared.RoundTrip;
import io.jenkins.plugins.zfsreplication.steps.shared.StepAbort;
import io.jenkins.plugins.zfsreplication.steps.verify.VerifyCallable;
import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings.Hashing;
import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.TestProcesses;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * zfsRestoreDrill's agent side on zfs-fuse, as remoting runs it (the settings serialized there and
 * back): the drill in the workspace, an earlier build's record never left to be archived, bad input
 * as the build's one-line failure, and an abort (driven as the step runs it, {@link StepAbort}) that
 * still destroys the scratch dataset and answers once the final record is written.
 */
@ExtendWith(ZfsTestBed.class)
class RestoreDrillCallableTest {
    private final Zfs zfs = new Zfs(new ProcessCommandRunner());
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @TempDir
    Path workspace;

    @Test
    void shouldDrillInTheWorkspaceAndWriteEveryFileTheControllerArchives(TestPools pools) throws Exception {
        Backup backup = new Backup(pools, 2 << 20);

        new RestoreDrillCallable(RoundTrip.of(backup.settings(null)), listener()).invoke(workspace.toFile(), null);

        DrillRecord record = record();
        assertThat(record.result()).as(log.toString()).isEqualTo(DrillResult.IDENTICAL);
        assertThat(record.outcome().scratchDestroyed()).isTrue();
        for (String file : RestoreDrillRunner.FILES) {
            assertThat(workspace.resolve(file)).isRegularFile();
        }
        assertThat(log.toString()).contains("zfsRestoreDrill: zfs destroy -r " + backup.scratch + "\n");
        backup.assertOnlyTheBackupIsLeft();
    }

    @Test
    void shouldRemoveAnEarlierBuildsRecordAndFailWithTheReasonOnBadInput(TestPools pools) throws Exception {
        Backup backup = new Backup(pools, 1 << 20);
        Files.writeString(workspace.resolve(DrillRecord.FILE_NAME), "an earlier build's record");
        Files.writeString(workspace.resolve("restore-drill.manifest"), "an earlier build's manifest");
        zfs.createFilesystem(backup.scratch, Map.of());

        assertThatThrownBy(() -> new RestoreDrillCallable(backup.settings(null), listener()).invoke(workspace.toFile(), null))
                .isInstanceOf(AbortException.class)
                .hasMessage("zfsRestoreDrill: The scratch dataset " + backup.scratch + " exists already: a drill "
                        + "receives into a new dataset and destroys it afterwards; name one that does not exist");

        assertThat(workspace.resolve(DrillRecord.FILE_NAME)).doesNotExist();
        assertThat(workspace.resolve("restore-drill.manifest")).doesNotExist();
        assertThat(names(backup.pool)).contains(backup.scratch.name());
    }

    @Test
    void shouldDestroyTheScratchDatasetWhenAbortedAndAnswerOnlyWithTheFinalRecord(TestPools pools) throws Exception {
        Backup backup = new Backup(pools, 6 << 20);
        RestoreDrillCallable callable = new RestoreDrillCallable(RoundTrip.of(backup.settings("1M")), listener());
        // the runner reads the record the drill left once the agent answered
        StepAbort<Void> step = StepAbort.start("zfsRestoreDrill", callable, workspace, answer -> {
            try {
                return record();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });

        Object outcome = step.abortWhen(() -> log.toString().contains("receiving ")
                && TestProcesses.descendants().anyMatch(p -> TestProcesses.cmdline(p.pid()).startsWith("zfs recv")),
                java.time.Duration.ofSeconds(60));

        assertThat((Throwable) outcome).isInstanceOf(AbortException.class).hasMessage("aborted by admin");
        assertThat(step.answer().aborted()).isTrue();
        DrillRecord record = (DrillRecord) step.record();
        assertThat(record.result()).as(log.toString()).isEqualTo(DrillResult.CANCELLED);
        assertThat(record.outcome().scratchDestroyed()).isTrue();
        assertThat(record.outcome().bytes()).isPositive().isLessThan(6 << 20);
        assertThat(TestProcesses.descendants().map(p -> TestProcesses.cmdline(p.pid()))).isEmpty();
        backup.assertOnlyTheBackupIsLeft();
    }

    private DrillRecord record() throws Exception {
        return DrillJson.read(Files.readAllBytes(workspace.resolve(DrillRecord.FILE_NAME)));
    }

    private TaskListener listener() {
        PrintStream stream = new PrintStream(log, true, StandardCharsets.UTF_8);
        return () -> stream;
    }

    private List<String> names(DatasetName pool) {
        return zfs.list(List.of(pool), true, List.of()).objects().stream().map(ZfsObject::name).sorted().toList();
    }

    /**
     * A source dataset with random bytes and snapshot s1, its manifest in the workspace (made by
     * zfsVerify's callable, as on the source's agent), and its copy in a backup pool.
     */
    private final class Backup {
        final DatasetName pool;
        final DatasetName copy;
        final DatasetName scratch;

        Backup(TestPools pools, int bytes) throws Exception {
            DatasetName source = pools.create("src").resolve("home");
            pool = pools.create("bak");
            copy = pool.resolve("home");
            scratch = pool.resolve("drill");
            zfs.createFilesystem(source, Map.of());
            byte[] random = new byte[bytes];
            new Random(7).nextBytes(random);
            Files.write(pools.mountpoint(source).resolve("data.bin"), random);
            zfs.snapshot(List.of(source.snapshot("s1")), false);
            new VerifyCallable(new VerifySettings(source + "@s1", "source", new Hashing("1M", 1, "xxh64", "auto", 1),
                    null, false))
                    .invoke(workspace.toFile(), null);
            pools.pipe(List.of("zfs", "send", source + "@s1"), List.of("zfs", "recv", copy.name()));
        }

        RestoreDrillSettings settings(String rateLimit) {
            return new RestoreDrillSettings(copy + "@s1", scratch.name(), "source.manifest", null, rateLimit);
        }

        void assertOnlyTheBackupIsLeft() {
            assertThat(names(pool)).containsExactly(pool.name(), copy.name(), copy + "@s1");
        }
    }
}
