package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.TestProcesses;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A prune interrupted (an aborted build, a signal) while zfs destroys on zfs-fuse: the destroy that
 * began runs to its end and is marked in the report; the datasets after it are not touched and the
 * report names what it did not destroy. Never a destroy done and not recorded.
 */
@ExtendWith(ZfsTestBed.class)
class DestroyerCancelTest {
    private static final int SNAPSHOTS = 12;

    @Test
    void shouldFinishAndMarkTheDestroyInFlightAndBeginNoOtherWhenInterrupted(TestPools pools, @TempDir Path dir)
            throws Exception {
        Zfs zfs = new Zfs(new ProcessCommandRunner());
        DatasetName pool = pools.create("dc");
        List<PruneDecision> decisions = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            DatasetName dataset = pool.resolve(name);
            zfs.createFilesystem(dataset, Map.of());
            List<String> names = new ArrayList<>();
            for (int i = 0; i < SNAPSHOTS; i++) {
                names.add(String.format("zr-202611%02dT000000Z", i + 1));
            }
            for (String snapshot : names) {
                zfs.snapshot(List.of(dataset.snapshot(snapshot)), false);
            }
            for (ZfsObject snapshot : zfs.list(List.of(dataset), true, List.of()).objects()) {
                if (snapshot.name().contains("@")) {
                    decisions.add(new PruneDecision(CandidateSide.SOURCE, "local", dataset.name(),
                            snapshot.name().substring(snapshot.name().indexOf('@') + 1), snapshot.guid(), 0,
                            new PruneDecision.Verdict(Decision.DESTROY, "test", false)));
                }
            }
        }
        PruneReport report = new PruneReport(PruneReport.When.unwitnessed(Instant.EPOCH, "wall clock"), false,
                new PruneReport.Sides("local", "local", "last: 1", ""),
                decisions,
                new PruneReport.NotSent(0, -1, "unknown"), List.of(), List.of());
        List<String> log = new CopyOnWriteArrayList<>();
        AtomicReference<PruneReport> done = new AtomicReference<>();
        AtomicBoolean interruptKept = new AtomicBoolean();
        AtomicReference<Thread> pruner = new AtomicReference<>();
        // the abort reaches the pruning thread just as zfs begins to destroy the first dataset's snapshots
        Zfs interrupting = new Zfs(new AbortingRunner(new ProcessCommandRunner(), "zfs destroy " + pool.resolve("a")
                + "@", pruner));
        Thread pruning = new Thread(() -> {
            done.set(Destroyer.execute(report, interrupting, null,
                    new DestroyGuard(SnapshotNaming.of("zr"), Instant.now(), KnownBases.NONE, null),
                    Destroyer.ErrorPolicy.CONTINUE, log::add));
            interruptKept.set(Thread.currentThread().isInterrupted());
            try {
                PruneReportJson.write(done.get(), dir.resolve("prune-report.json")); // as the prune does, interrupted
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });

        pruner.set(pruning);
        pruning.start();
        pruning.join(60_000);

        assertThat(pruning.isAlive()).isFalse();
        assertThat(interruptKept).isTrue();
        assertThat(TestProcesses.descendants()).isEmpty();
        assertThat(log).containsExactly("destroyed on source " + pool.resolve("a") + ": " + String.join(",",
                snapshotNames()));
        assertThat(done.get().errors()).containsExactly(
                "source " + pool.resolve("b") + ": not destroyed, the prune was cancelled first: "
                        + String.join(",", snapshotNames()),
                "source " + pool.resolve("c") + ": not destroyed, the prune was cancelled first: "
                        + String.join(",", snapshotNames()));
        // the report says what the pools say: a's snapshots destroyed, b's and c's all there
        assertThat(snapshotsOf(zfs, pool.resolve("a"))).isEmpty();
        assertThat(snapshotsOf(zfs, pool.resolve("b"))).containsExactlyElementsOf(snapshotNames());
        assertThat(snapshotsOf(zfs, pool.resolve("c"))).containsExactlyElementsOf(snapshotNames());
        JsonNode written = new ObjectMapper().readTree(dir.resolve("prune-report.json").toFile());
        List<String> marked = new ArrayList<>();
        written.path("candidates").forEach(c -> marked.add(c.path("dataset").asText().replaceAll(".*/", "") + " "
                + c.path("destroyed").asBoolean()));
        assertThat(marked).hasSize(3 * SNAPSHOTS);
        assertThat(marked.stream().filter(m -> m.equals("a true")).count()).isEqualTo(SNAPSHOTS);
        assertThat(marked.stream().filter(m -> m.endsWith(" false")).count()).isEqualTo(2L * SNAPSHOTS);
        assertThat(written.path("errors").size()).isEqualTo(2);
    }

    private static List<String> snapshotNames() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < SNAPSHOTS; i++) {
            names.add(String.format("zr-202611%02dT000000Z", i + 1));
        }
        return names;
    }

    private static List<String> snapshotsOf(Zfs zfs, DatasetName dataset) {
        return zfs.list(List.of(dataset), true, List.of()).objects().stream().map(ZfsObject::name)
                .filter(name -> name.contains("@")).map(name -> name.substring(name.indexOf('@') + 1)).toList();
    }

    /**
     * This host's commands, with the pruning thread interrupted as a command starting with
     * {@code prefix} begins, as an abort may come at any moment: the command itself runs as always.
     */
    private record AbortingRunner(CommandRunner commands, String prefix, AtomicReference<Thread> pruning)
            implements CommandRunner {
        @Override
        public CommandResult run(List<String> command, Duration timeout) {
            if (String.join(" ", command).startsWith(prefix)) {
                pruning.get().interrupt();
            }
            return commands.run(command, timeout);
        }

        @Override
        public String host() {
            return commands.host();
        }
    }
}
