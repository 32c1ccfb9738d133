package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.restore.DrillResult;
import io.jenkins.plugins.zfsreplication.audit.AuditChainFixture;
import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.restore.DrillRequest;
import io.jenkins.plugins.zfsreplication.restore.RestoreDrill;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * restore-drill on zfs-fuse: a plain dataset replicated to a backup pool is received back into a
 * scratch dataset, verified equal to the source's manifest, and the scratch dataset is gone
 * afterwards: after success, after a mismatch, and after SIGTERM in the middle of the receive.
 */
@ExtendWith(ZfsTestBed.class)
class RestoreDrillCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final Zfs zfs = new Zfs(new ProcessCommandRunner());

    @TempDir
    Path dir;

    @Test
    void shouldRestoreTheBackupEqualToTheSourcesManifestAndDestroyTheScratchDataset(TestPools pools) throws Exception {
        Backup backup = new Backup(pools, 3 << 20);
        long streamBytes = Long.parseLong(pools.exec("sh", "-c", "zfs send \"$1\" | wc -c", "sh",
                backup.copy + "@s1").stdout().strip());
        DatasetName scratch = backup.pool.resolve("drill");

        int status = run("restore-drill", "--snapshot", backup.copy + "@s1", "--scratch", scratch.name(),
                "--manifest", backup.manifest.toString(), "--artifacts", dir.toString());

        assertThat(status).as(err.toString()).isZero();
        JsonNode record = new ObjectMapper().readTree(dir.resolve("restore-drill.json").toFile());
        assertThat(record.get("kind").asText()).isEqualTo("zfs-replication-restore-drill");
        assertThat(record.get("result").asText()).isEqualTo("identical");
        assertThat(record.get("dataset").asText()).isEqualTo(backup.copy.name());
        assertThat(record.get("guid").asText()).isEqualTo(zfs.property(backup.copy + "@s1", "guid"))
                .isEqualTo(zfs.property(backup.source + "@s1", "guid"));
        assertThat(record.get("scratch").asText()).isEqualTo(scratch.name());
        assertThat(record.get("referenceSha256").asText()).isEqualTo(AuditChainFixture.sha256sum(backup.manifest));
        assertThat(record.get("encrypted").asBoolean()).isFalse();
        // counted at the mbuffer stage on zfs-fuse: plus its few one-byte wake-up writes
        assertThat(record.get("bytes").asLong()).isBetween(streamBytes, streamBytes + 16);
        assertThat(record.get("receiveSeconds").asDouble()).isPositive();
        assertThat(record.get("scratchDestroyed").asBoolean()).isTrue();
        assertThat(record.get("error").isNull()).isTrue();
        assertThat(record.get("log").toString()).contains("zfs destroy -r " + scratch);
        // the copy hashed to the source's chunks, line for line
        assertThat(chunkLines(dir.resolve("restore-drill.manifest"))).isEqualTo(chunkLines(backup.manifest))
                .hasSize(16).contains("# end: 2 files, 4 chunks"); // with the snapshot's GUID and host: the same too
        assertThat(out.toString()).startsWith("restore drill " + backup.copy + "@s1 -> " + scratch + ": identical; "
                + record.get("bytes").asLong() + " bytes received in ").endsWith("; scratch dataset destroyed\n");
        assertThat(names(backup.pool)).containsExactly(backup.pool.name(), backup.copy.name(), backup.copy + "@s1");
    }

    @Test
    void shouldReportAMismatchAndStillDestroyTheScratchDataset(TestPools pools) throws Exception {
        Backup backup = new Backup(pools, 1 << 20);
        Files.writeString(pools.mountpoint(backup.source).resolve("notes.txt"), "changed after s1\n");
        zfs.snapshot(List.of(backup.source.snapshot("s2")), false);
        Path later = dir.resolve("s2.manifest");
        assertThat(run("verify", "-o", later.toString(), backup.source + "@s2")).as(err.toString()).isZero();
        DatasetName scratch = backup.pool.resolve("drill");

        int status = run("restore-drill", "--snapshot", backup.copy + "@s1", "--scratch", scratch.name(),
                "--manifest", later.toString(), "--artifacts", dir.toString());

        assertThat(status).isEqualTo(1);
        JsonNode record = assertRecordedAndCleanedUp(backup, "mismatch", err.toString());
        assertThat(record.get("comparison").asText()).isEqualTo("compare: 2 difference(s) (0 missing, 0 extra, 1 size, "
                + "1 chunk, 0 only-left, 0 only-right) in 2 files, 2 chunks");
    }

    @Test
    void shouldRefuseAScratchDatasetThatExistsAndLeaveItAlone(TestPools pools) throws Exception {
        Backup backup = new Backup(pools, 1 << 20);
        DatasetName scratch = backup.pool.resolve("keep");
        zfs.createFilesystem(scratch, Map.of());
        Files.writeString(pools.mountpoint(scratch).resolve("precious"), "x");

        int status = run("restore-drill", "--snapshot", backup.copy + "@s1", "--scratch", scratch.name(),
                "--manifest", backup.manifest.toString(), "--artifacts", dir.toString());

        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: The scratch dataset " + scratch + " exists already: a drill receives "
                + "into a new dataset and destroys it afterwards; name one that does not exist\n");
        assertThat(Files.readString(pools.mountpoint(scratch).resolve("precious"))).isEqualTo("x");
        assertThat(dir.resolve("restore-drill.json")).doesNotExist();
        err.getBuffer().setLength(0);
        assertThat(run("restore-drill", "--snapshot", backup.copy + "@s1", "--scratch", backup.copy.resolve("x").name(),
                "--manifest", backup.manifest.toString(), "--artifacts", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: The scratch dataset " + backup.copy.resolve("x") + " cannot be "
                + backup.copy + ", nor inside it, nor contain it\n");
        err.getBuffer().setLength(0);
        assertThat(run("restore-drill", "--snapshot", backup.copy + "@s1", "--scratch", backup.pool.resolve("d").name(),
                "--manifest", dir.resolve("nothing").toString(), "--artifacts", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: The source's manifest " + dir.resolve("nothing")
                + " does not exist or is not a zfs-replication manifest\n");
    }

    @Test
    void shouldDestroyTheScratchDatasetWhenSigtermEndsTheDrillDuringTheReceive(TestPools pools) throws Exception {
        Backup backup = new Backup(pools, 6 << 20);
        DatasetName scratch = backup.pool.resolve("drill");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "restore-drill", "--snapshot",
                backup.copy + "@s1", "--scratch", scratch.name(), "--manifest", backup.manifest.toString(),
                "--rate-limit", "1M", "--artifacts", dir.toString()));
        Process cli = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("cli.log").toFile())
                .start();
        for (int i = 0; i < 300 && !receiving(scratch); i++) {
            Thread.sleep(50);
        }
        assertThat(receiving(scratch)).as(Files.readString(dir.resolve("cli.log"))).isTrue();
        JsonNode running = new ObjectMapper().readTree(dir.resolve("restore-drill.json").toFile());
        assertThat(running.get("result").asText()).isEqualTo("running");
        assertThat(running.get("scratch").asText()).isEqualTo(scratch.name());
        Thread.sleep(1000);

        cli.destroy(); // SIGTERM
        assertThat(cli.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(cli.exitValue()).isEqualTo(143);
        assertRecordedAndCleanedUp(backup, "cancelled", Files.readString(dir.resolve("cli.log")));
    }

    @Test
    void shouldDestroyTheScratchDatasetWhenTheDrillThreadIsInterrupted(TestPools pools) throws Exception {
        // a Jenkins abort interrupts the step's thread: the drill cancels, cleans up with the interrupt
        // cleared, records, and hands the interrupt back
        Backup backup = new Backup(pools, 6 << 20);
        DatasetName scratch = backup.pool.resolve("drill");
        RestoreDrill drill = new RestoreDrill(zfs, new ProcessCommandRunner(),
                TransferOptions.defaults().withBuffer(1 << 20, 1 << 20), line -> { }, Clock.systemUTC());
        AtomicReference<DrillRecord> record = new AtomicReference<>();
        AtomicBoolean interruptKept = new AtomicBoolean();
        Thread thread = new Thread(() -> {
            try {
                record.set(drill.run(new DrillRequest(backup.copy.snapshot("s1"), scratch, backup.manifest, null), dir));
                interruptKept.set(Thread.currentThread().isInterrupted());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        thread.start();
        for (int i = 0; i < 300 && !receiving(scratch); i++) {
            Thread.sleep(50);
        }
        assertThat(receiving(scratch)).isTrue();
        Thread.sleep(1000);

        thread.interrupt();
        thread.join(60_000);

        assertThat(thread.isAlive()).isFalse();
        assertThat(record.get().result()).isEqualTo(DrillResult.CANCELLED);
        assertThat(record.get().outcome().scratchDestroyed()).isTrue();
        assertThat(record.get().outcome().bytes()).isPositive().isLessThan(6 << 20);
        assertThat(interruptKept).isTrue();
        assertRecordedAndCleanedUp(backup, "cancelled", "");
    }

    /** restore-drill.json says {@code result} and that the scratch dataset is gone, and it is. */
    private JsonNode assertRecordedAndCleanedUp(Backup backup, String result, String log) throws Exception {
        JsonNode record = new ObjectMapper().readTree(dir.resolve("restore-drill.json").toFile());
        assertThat(record.get("result").asText()).as(log).isEqualTo(result);
        assertThat(record.get("scratchDestroyed").asBoolean()).isTrue();
        assertThat(names(backup.pool)).containsExactly(backup.pool.name(), backup.copy.name(), backup.copy + "@s1");
        return record;
    }

    /** A zfs recv into the scratch dataset is running. */
    private static boolean receiving(DatasetName scratch) throws Exception {
        try (var entries = Files.list(Path.of("/proc"))) {
            return entries.filter(p -> p.getFileName().toString().matches("\\d+")).anyMatch(p -> {
                try {
                    String line = new String(Files.readAllBytes(p.resolve("cmdline"))).replace('\0', ' ');
                    // zfs recv [-u, where the host has it] SCRATCH
                    return line.startsWith("zfs recv ") && line.endsWith(" " + scratch + " ");
                } catch (Exception e) {
                    return false;
                }
            });
        }
    }

    private List<String> names(DatasetName pool) {
        return zfs.list(List.of(pool), true, List.of()).objects().stream().map(ZfsObject::name).sorted().toList();
    }

    private static List<String> chunkLines(Path manifest) throws Exception {
        return Files.readAllLines(manifest).stream().filter(line -> !line.startsWith("# tool:")).toList();
    }

    private int run(String... args) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true), new PrintWriter(err, true)), args);
    }

    /**
     * A source dataset with a few files (random bytes, so that no chunk repeats), snapshot s1, its
     * manifest made on the source, and its copy in a backup pool made with the command line's send.
     */
    /**
     * Two drills of the same snapshot into the same scratch dataset, at once: the second checked that
     * the scratch dataset did not exist just before the first received into it, so its own receive
     * fails, and the copy it finds has the backup's GUID. It must not destroy it: the first drill is
     * verifying it. The interleaving is forced by holding each drill at one of its zfs commands (the
     * commands themselves run on the real pools): the second after its check, until the first has
     * received; the first at its verify's clone, until the second has ended.
     */
    @Test
    void shouldNotDestroyTheCopyOfAnotherDrillIntoTheSameScratchDataset(TestPools pools) throws Exception {
        Backup backup = new Backup(pools, 1 << 20);
        DatasetName scratch = backup.pool.resolve("drill");
        java.util.concurrent.CountDownLatch firstReceived = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch secondEnded = new java.util.concurrent.CountDownLatch(1);
        List<String> firstLog = java.util.Collections.synchronizedList(new ArrayList<>());
        List<String> secondLog = java.util.Collections.synchronizedList(new ArrayList<>());
        // the first drill: held at its verify's clone (its copy received) until the second has ended
        Holding first = new Holding(command -> command.contains("clone"), firstReceived, secondEnded);
        // the second: held after its check that the scratch dataset does not exist, until the first received
        Holding second = new Holding(command -> command.equals("zfs list -H -o name " + backup.pool), null,
                firstReceived);
        DrillRequest request = new DrillRequest(backup.copy.snapshot("s1"), scratch, backup.manifest, null);

        java.util.concurrent.CompletableFuture<DrillRecord> secondDrill = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> drill(second, secondLog, request, dir.resolve("second")));
        second.awaitHeld();
        java.util.concurrent.CompletableFuture<DrillRecord> firstDrill = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> drill(first, firstLog, request, dir.resolve("first")));
        DrillRecord secondRecord = secondDrill.get(3, TimeUnit.MINUTES);
        secondEnded.countDown();
        DrillRecord firstRecord = firstDrill.get(3, TimeUnit.MINUTES);

        assertThat(secondRecord.result()).as(String.join("\n", secondLog)).isEqualTo(DrillResult.FAILED);
        assertThat(secondRecord.outcome().scratchDestroyed()).isFalse();
        assertThat(secondLog).anySatisfy(line -> assertThat(line).startsWith("not destroyed: " + scratch
                + " is the copy of drill ").endsWith("another drill into the same scratch dataset?"));
        assertThat(secondLog).noneMatch(line -> line.startsWith("zfs destroy"));
        assertThat(firstRecord.result()).as(String.join("\n", firstLog)).isEqualTo(DrillResult.IDENTICAL);
        assertThat(firstRecord.outcome().scratchDestroyed()).isTrue();
        assertThat(names(backup.pool)).containsExactly(backup.pool.name(), backup.copy.name(), backup.copy + "@s1");
    }

    private DrillRecord drill(io.jenkins.plugins.zfsreplication.zfs.CommandRunner runner, List<String> log,
                              DrillRequest request, Path artifacts) {
        try {
            Files.createDirectories(artifacts);
            return new RestoreDrill(new Zfs(runner), runner, TransferOptions.defaults(), log::add, Clock.systemUTC())
                    .run(request, artifacts);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * This host's commands, one of them held: the first whose command line matches waits for
     * {@code release} (after counting {@code reached} down); every command runs as it is.
     */
    private static final class Holding implements io.jenkins.plugins.zfsreplication.zfs.CommandRunner {
        private final ProcessCommandRunner real = new ProcessCommandRunner();
        private final java.util.function.Predicate<String> held;
        private final java.util.concurrent.CountDownLatch reached;
        private final java.util.concurrent.CountDownLatch release;
        private final java.util.concurrent.CountDownLatch holding = new java.util.concurrent.CountDownLatch(1);

        Holding(java.util.function.Predicate<String> held, java.util.concurrent.CountDownLatch reached,
                java.util.concurrent.CountDownLatch release) {
            this.held = held;
            this.reached = reached;
            this.release = release;
        }

        @Override
        public io.jenkins.plugins.zfsreplication.zfs.CommandResult run(List<String> command, java.time.Duration timeout) {
            if (holding.getCount() > 0 && held.test(String.join(" ", command))) {
                holding.countDown();
                if (reached != null) {
                    reached.countDown();
                }
                try {
                    assertThat(release.await(2, TimeUnit.MINUTES)).isTrue();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return real.run(command, timeout);
        }

        @Override
        public <T> Streamed<T> stream(List<String> command, java.time.Duration timeout, OutputReader<T> reader) {
            return real.stream(command, timeout, reader);
        }

        @Override
        public String host() {
            return "local";
        }

        void awaitHeld() throws InterruptedException {
            assertThat(holding.await(2, TimeUnit.MINUTES)).isTrue();
        }
    }

    private final class Backup {
        final DatasetName source;
        final DatasetName pool;
        final DatasetName copy;
        final Path manifest;

        Backup(TestPools pools, int bytes) throws Exception {
            source = pools.create("src").resolve("home");
            pool = pools.create("bak");
            copy = pool.resolve("home");
            zfs.createFilesystem(source, Map.of());
            byte[] random = new byte[bytes];
            new Random(42).nextBytes(random);
            Files.write(pools.mountpoint(source).resolve("data.bin"), random);
            Files.writeString(pools.mountpoint(source).resolve("notes.txt"), "restore me\n");
            zfs.snapshot(List.of(source.snapshot("s1")), false);
            manifest = dir.resolve("source.manifest");
            assertThat(run("verify", "-o", manifest.toString(), source + "@s1")).as(err.toString()).isZero();
            assertThat(run("send", source + "@s1", "--target", copy.name(), "--artifacts",
                    Files.createDirectories(dir.resolve("send")).toString())).as(err.toString()).isZero();
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);
        }
    }
}
