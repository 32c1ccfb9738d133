package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.verify.HashAlgorithm;
import io.jenkins.plugins.zfsreplication.verify.SparseMode;
import io.jenkins.plugins.zfsreplication.verify.Verifier;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Nights of a backup, run inside the OpenZFS guest in one JVM ({@code OpenZfsGuest#java}), as a
 * storage host and its backup host would run them, only faster: each night the source's datasets
 * change, are snapshotted and sent to the backup pool, the source's manifest of each snapshot goes
 * to the manifest store, then a night of coverage ({@link NightlySlice}) reads its slice of the
 * copy, and old snapshots of the copy are pruned. Damage is planted on the backup on the nights
 * given: a file of a received copy changed (made writable, changed, snapshotted under the next
 * night's name), and garbage written into the backup pool's device over a block every snapshot of
 * a dataset shares. Everything it did and every change it made go to files in the output directory
 * for the test to check against: it asserts nothing itself.
 *
 * <p>Under emulation every process the JVM starts costs about a second on a busy host, so a night
 * runs few: one snapshot of every dataset, a send per dataset, the GUIDs in one zfs get, snapshots
 * read through their file system's {@code .zfs} directory, prunes by one destroy per dataset.
 *
 * <p>Arguments: SOURCE-POOL SOURCE-MOUNT BACKUP-POOL BACKUP-MOUNT BACKUP-IMAGE OUT NIGHTS N BUDGET
 * TAMPER-NIGHT CORRUPT-NIGHT.
 */
public final class GuestCoverageNights {
    static final long CHUNK = 64 << 10;
    static final Instant START = Instant.parse("2026-12-01T02:00:00Z");
    /**
     * The datasets: "main" changes every night and is never damaged; "victim" changes every night
     * until its copy is changed (after which zfs recv refuses it), and its device goes bad later.
     */
    static final List<String> DATASETS = List.of("main", "victim");
    static final int KEEP = 8;
    /** The night of the restore drill (one: a drill receives a whole snapshot, which costs under emulation). */
    static final int DRILL = 5;
    /** The file of "victim" no night changes: its blocks are in every snapshot, its third chunk goes bad. */
    static final String STABLE = "stable.bin";

    private final String source;
    private final Path sourceMount;
    private final String backup;
    private final Path backupMount;
    private final Path image;
    private final Path out;
    private final int nights;
    private final int horizon;
    private final long budget;
    private final int tamperNight;
    private final int corruptNight;
    private final Random random = new Random(28);
    private final ProcessCommandRunner runner = new ProcessCommandRunner();
    private final Zfs zfs = new Zfs(runner);
    /** Per dataset: the snapshots the source still has (the last one sent is the next send's base). */
    private final Map<String, List<String>> sent = new TreeMap<>();
    /** Per dataset: the copy's snapshots, oldest first. */
    private final Map<String, List<String>> copied = new TreeMap<>();
    private boolean diverged;
    /** The prune of the night before: its destroys start the next night's script. */
    private final StringBuilder pruning = new StringBuilder();

    private GuestCoverageNights(String[] args) {
        source = args[0];
        sourceMount = Paths.get(args[1]);
        backup = args[2];
        backupMount = Paths.get(args[3]);
        image = Paths.get(args[4]);
        out = Paths.get(args[5]);
        nights = Integer.parseInt(args[6]);
        horizon = Integer.parseInt(args[7]);
        budget = Long.parseLong(args[8]);
        tamperNight = Integer.parseInt(args[9]);
        corruptNight = Integer.parseInt(args[10]);
    }

    public static void main(String[] args) throws Exception {
        new GuestCoverageNights(args).run();
    }

    private void run() throws Exception {
        Files.createDirectories(out.resolve("store"));
        setUp();
        for (int night = 0; night < nights; night++) {
            long started = System.nanoTime();
            currentNight = night;
            if (night > 0) {
                change(night);
            }
            snapshotAndSend(night);
            if (night == corruptNight) {
                corrupt(night);
            }
            long sent = System.nanoTime();
            NightReport report = cover(night);
            long covered = System.nanoTime();
            prune();
            log("night %d: %s (%d ms: %d changing, sending and the source's manifests, %d coverage, %d pruning)", night,
                    report.summary(), millis(System.nanoTime() - started), millis(sent - started), millis(covered - sent),
                    millis(System.nanoTime() - covered));
            if (night == tamperNight) {
                tamper(night + 1);
            }
        }
    }

    private void setUp() throws IOException {
        for (String dataset : DATASETS) {
            zfs("create", "-o", "recordsize=64K", "-o", "compression=off", source + "/" + dataset);
            sent.put(dataset, new ArrayList<>());
            copied.put(dataset, new ArrayList<>());
        }
        // the copies are mounted read-only, as the guide advises for zfs diff (the root itself is not mounted:
        // a read-only parent would leave no room for its children's mount points); "bad" keeps no data in
        // memory, so that every read of it goes to the device
        zfs("create", "-o", "canmount=off", backup + "/copy");
        // files of fewer than four chunks are read whole when written (no zfs send -i to find the chunk)
        Random content = new Random(1);
        for (int i = 0; i < 16; i++) {
            write("main", String.format("f%02d", i), content, 128 << 10, -1);
        }
        for (int i = 0; i < 4; i++) {
            write("victim", "t" + i, content, 128 << 10, -1);
        }
        write("victim", STABLE, content, 256 << 10, -1);
    }

    /** Tonight's changes: a chunk rewritten in place in two files of main, one of victim, a file made now and then, one removed. */
    private void change(int night) throws IOException {
        for (String dataset : DATASETS) {
            if (dataset.equals("victim") && diverged) {
                continue;
            }
            List<String> files = files(dataset);
            for (int k = dataset.equals("main") ? 0 : 1; k < 2; k++) {
                String name = files.get(random.nextInt(files.size()));
                if (!name.equals(STABLE)) {
                    long size = Files.size(sourceMount.resolve(dataset).resolve(name));
                    int chunk = random.nextInt((int) ((size + CHUNK - 1) / CHUNK));
                    write(dataset, name, random, (int) Math.min(CHUNK, size - chunk * CHUNK), chunk);
                }
            }
            if (dataset.equals("main") && night % 3 == 0) {
                write(dataset, "new" + night, random, 96 << 10, -1);
            }
            if (dataset.equals("main") && night % 7 == 0) {
                List<String> made = files.stream().filter(f -> f.startsWith("new")).toList();
                if (!made.isEmpty()) {
                    Files.delete(sourceMount.resolve(dataset).resolve(made.get(0)));
                    change("delete", dataset, made.get(0), night, 0, 0);
                }
            }
        }
    }

    private List<String> files(String dataset) throws IOException {
        try (var list = Files.list(sourceMount.resolve(dataset))) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * Writes {@code length} random bytes into the source file: the whole file when {@code chunk} is -1,
     * else over that chunk (a record: recordsize is the chunk size, so one chunk is one block).
     */
    private void write(String dataset, String name, Random content, int length, int chunk) throws IOException {
        byte[] data = new byte[length];
        content.nextBytes(data);
        Path file = sourceMount.resolve(dataset).resolve(name);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            long offset = chunk < 0 ? 0 : chunk * CHUNK;
            raf.seek(offset);
            raf.write(data);
            change(chunk < 0 ? "create" : "write", dataset, name, -1, offset, length);
        }
    }

    /** The night being run: the night a change is made in. */
    private int currentNight;

    private void change(String kind, String dataset, String name, int night, long offset, long length) throws IOException {
        String line = String.format("{\"night\":%d,\"kind\":\"%s\",\"dataset\":\"%s\",\"path\":\"%s\",\"offset\":%d,"
                + "\"length\":%d}%n", night < 0 ? currentNight : night, kind, dataset, name, offset, length);
        Files.writeString(out.resolve("changes.jsonl"), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    /**
     * Tonight's snapshots, their GUIDs and the sends, as one shell script: each process the JVM starts
     * costs about a second under emulation on a busy host, one started by the shell a tenth of that.
     */
    private void snapshotAndSend(int night) throws IOException {
        String name = name(night);
        List<String> snapshots = new ArrayList<>();
        DATASETS.forEach(d -> snapshots.add(source + "/" + d + "@" + name));
        StringBuilder script = new StringBuilder("set -e\n" + pruning + "zfs snapshot " + String.join(" ", snapshots)
                + "; zfs get -Hp -o value guid " + String.join(" ", snapshots) + "\n");
        for (String dataset : DATASETS) {
            if (dataset.equals("victim") && diverged) {
                continue; // the copy has a snapshot of its own: zfs recv refuses, as a plan would say DIVERGED
            }
            List<String> before = sent.get(dataset);
            String from = before.isEmpty() ? "" : "-i " + source + "/" + dataset + "@" + before.get(before.size() - 1) + " ";
            // "victim" keeps no data in memory, so that every read of it goes to the device
            String options = before.isEmpty() && dataset.equals("victim") ? "-o primarycache=metadata " : "";
            script.append("zfs send ").append(from).append(source).append('/').append(dataset).append('@').append(name)
                    .append(" | zfs recv -o readonly=on ").append(options).append(backup).append("/copy/")
                    .append(dataset).append('\n');
            before.add(name);
            copied.get(dataset).add(name);
        }
        List<String> guids = run("sh", "-c", script.toString()).lines().toList();
        pruning.setLength(0);
        for (int i = 0; i < DATASETS.size(); i++) {
            storeManifest(DATASETS.get(i), name, guids.get(i));
        }
    }

    /**
     * The source's manifest of tonight's snapshot and its GUID beside it. Made of the live file system,
     * which nothing has changed since the snapshot: the same bytes, without mounting the snapshot (a
     * second a mount under emulation).
     */
    private void storeManifest(String dataset, String name, String guid) throws IOException {
        Path directory = Files.createDirectories(out.resolve("store").resolve(dataset));
        new Verifier(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 1), 1000, null)
                .verify(sourceMount.resolve(dataset), directory.resolve(name + ".manifest"));
        Files.writeString(directory.resolve(name + ".guid"), guid + "\n");
    }

    private NightReport cover(int night) throws IOException {
        Path run = Files.createDirectories(out.resolve("runs").resolve(Integer.toString(night)));
        Path previous = night == 0 ? null : out.resolve("runs").resolve(Integer.toString(night - 1))
                .resolve(LedgerJson.FILE_NAME);
        NightRequest.DrillPlan drill = night == DRILL ? new NightRequest.DrillPlan(DatasetName.of(backup + "/drill"), 42)
                : null;
        NightRequest request = new NightRequest(DatasetName.of(backup + "/copy"), out.resolve("store"), horizon, budget,
                null, START.plus(Duration.ofDays(night)), previous, drill);
        long start = System.nanoTime();
        java.util.function.Consumer<String> trace = TRACE ? line -> log("  %6d ms %s", millis(System.nanoTime() - start),
                line) : line -> { };
        CoverageHost host = new ZfsCoverageHost(zfs, runner, 2, drill == null ? null : drill.scratch(), trace);
        return new NightlySlice(host, trace).run(request, run);
    }

    /**
     * Keeps the newest {@link #KEEP} snapshots of each copy (the source keeps only what the next send
     * needs), in the script that starts the next night: one process fewer a night.
     */
    private void prune() {
        StringBuilder script = pruning;
        for (String dataset : DATASETS) {
            destroyAllBut(script, backup + "/copy/" + dataset, copied.get(dataset), KEEP);
            destroyAllBut(script, source + "/" + dataset, sent.get(dataset), 1);
        }
        // the victim's source snapshots after it diverged are not sent: only their manifests are kept
        if (diverged) {
            script.append("zfs destroy ").append(source).append("/victim@").append(name(currentNight)).append('\n');
        }
    }

    /** A zfs destroy of every snapshot of {@code dataset} in {@code names} but the newest {@code keep}. */
    private static void destroyAllBut(StringBuilder script, String dataset, List<String> names, int keep) {
        if (names.size() > keep) {
            List<String> old = names.subList(0, names.size() - keep);
            script.append("zfs destroy ").append(dataset).append('@').append(String.join(",", old)).append('\n');
            old.clear();
        }
    }

    /**
     * The copy of "victim" made writable, a byte of its second file's chunk 1 changed, and snapshotted
     * under the name the next night's snapshot will have.
     */
    private void tamper(int nextNight) throws IOException {
        String copy = backup + "/copy/victim";
        zfs("set", "readonly=off", copy);
        Path file = backupMount.resolve("copy/victim/t1");
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(CHUNK + 1000);
            int b = raf.read();
            raf.seek(CHUNK + 1000);
            raf.write(b ^ 0x5a);
        }
        zfs("snapshot", copy + "@" + name(nextNight));
        zfs("set", "readonly=on", copy);
        copied.get("victim").add(name(nextNight));
        diverged = true;
        event(String.format("{\"kind\":\"tamper\",\"night\":%d,\"dataset\":\"%s\",\"snapshot\":\"%s\",\"path\":\"t1\","
                + "\"chunk\":1}", nextNight, copy, name(nextNight)));
    }

    /**
     * Garbage over the third chunk of "victim"'s stable file, in the backup pool's one device: the 4
     * KiB of its bytes found in the device file, overwritten and synced. No scrub runs; "victim" keeps
     * no data in memory (primarycache=metadata), so the next read goes to the device.
     */
    private void corrupt(int night) throws IOException {
        byte[] stable = Files.readAllBytes(sourceMount.resolve("victim").resolve(STABLE));
        byte[] pattern = java.util.Arrays.copyOfRange(stable, (int) (2 * CHUNK + 8192), (int) (2 * CHUNK + 12_288));
        long at = DeviceDamage.overwrite(image, pattern);
        run("sync");
        event(String.format("{\"kind\":\"corrupt\",\"night\":%d,\"dataset\":\"%s\",\"path\":\"%s\",\"chunk\":2,"
                + "\"deviceOffset\":%d}", night, backup + "/copy/victim", STABLE, at));
    }

    private void event(String json) throws IOException {
        Files.writeString(out.resolve("events.jsonl"), json + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    static String name(int night) {
        return String.format("n%02d", night);
    }

    private void zfs(String... arguments) {
        List<String> command = new ArrayList<>(List.of("zfs"));
        command.addAll(List.of(arguments));
        run(command.toArray(String[]::new));
    }

    private String run(String... command) {
        long start = System.nanoTime();
        String output = runner.run(List.of(command), Duration.ofMinutes(5)).orThrow().stdout();
        if (TRACE) {
            log("  %6d ms: %s", millis(System.nanoTime() - start), String.join(" ", command));
        }
        return output;
    }

    /** -Dcoverage.trace=true: every command and every line of the night's log, with times. */
    private static final boolean TRACE = Boolean.getBoolean("coverage.trace");

    private void log(String format, Object... args) {
        System.out.println(String.format(java.util.Locale.ROOT, format, args));
        System.out.flush();
    }
}
