package io.jenkins.plugins.zfsreplication.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsGuest;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Thirty nights (twelve in the suite, see {@link #NIGHTS}) of a backup on OpenZFS with N = 7 and a budget of 1.5 MiB a night
 * ({@link GuestCoverageNights}, run in the guest in one JVM: the copy's files are read where they
 * are). Two datasets change every night (a chunk rewritten in place, files made and removed); the
 * copy keeps eight snapshots of each. Checked here against what the nights wrote:
 * <ul>
 *   <li>every night checks at most the budget;</li>
 *   <li>the dataset that is never damaged is 100% covered from night 7 (index 6) on, every night;</li>
 *   <li>and that claim holds against an oracle: from the changes made (recordsize is the chunk size,
 *       so a chunk is one block, born the night it was last written) and the ranges each night read,
 *       every block of every retained snapshot of it was read within the last seven nights;</li>
 *   <li>a file changed in the received copy (made writable, snapshotted under the next night's
 *       name) is named with its chunk the night that snapshot is seen;</li>
 *   <li>garbage written into the backup pool's device over a block every snapshot shares, with no
 *       scrub, is named unreadable (EIO) with its file and chunk within seven nights.</li>
 * </ul>
 * The numbers of each night are printed (bytes checked, the budget, coverage).
 */
@ExtendWith(OpenZfsTestBed.class)
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class OpenZfsCoverageNightsTest {
    /** Twelve nights in the suite (about three minutes); {@code -Dcoverage.nights=30} for the month. */
    private static final int NIGHTS = Integer.getInteger("coverage.nights", 12);
    private static final int N = 7;
    /** Over thirty nights the copy holds about 6 MiB to read in a round and 0.4 MiB arrives a night: N = 7 needs 1.3. */
    private static final long BUDGET = 3L << 19;
    /** The copy is changed on this night, seen the next; at least two nights before the last. */
    private static final int TAMPER = Math.min(10, NIGHTS - 3);
    /** The device is damaged on this night: N nights before the last at the latest, to be found in time. */
    private static final int CORRUPT = Math.min(15, NIGHTS - N);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void shouldCoverEveryByteWithinSevenNightsInBudgetAndNameThePlantedDamage(TestPools pools, OpenZfsGuest guest)
            throws IOException {
        DatasetName source = pools.create("cs");
        DatasetName backup = pools.create("cb");
        Path out = Files.createTempDirectory(guest.scratchDirectory(), "coverage-nights-");

        CommandResult run = guest.java(Duration.ofMinutes(15), GuestCoverageNights.class.getName(), source.name(),
                pools.mountpoint(source).toString(), backup.name(), pools.mountpoint(backup).toString(),
                pools.image(backup.pool()).toString(), guest.pathInGuest(out), Integer.toString(NIGHTS),
                Integer.toString(N), Long.toString(BUDGET), Integer.toString(TAMPER), Integer.toString(CORRUPT));
        System.out.println(run.stdout());
        assertThat(run.exitStatus()).as(run.stderr()).isZero();

        List<JsonNode> nights = new ArrayList<>();
        for (int night = 0; night < NIGHTS; night++) {
            nights.add(JSON.readTree(out.resolve("runs/" + night + "/" + NightReport.FILE_NAME).toFile()));
        }
        String main = backup + "/copy/main";
        printNumbers(nights, main);
        for (JsonNode night : nights) {
            assertThat(night.get("slice").get("checkedBytes").asLong()).isLessThanOrEqualTo(BUDGET);
        }
        for (int night = N - 1; night < NIGHTS; night++) {
            assertThat(dataset(nights.get(night), main).get("ratio").asDouble()).as("night %d", night).isEqualTo(1.0);
        }
        new Oracle(out, backup + "/copy/").check("main", nights);

        List<JsonNode> tamper = findings(nights.get(TAMPER + 1), backup + "/copy/victim");
        assertThat(tamper).extracting(f -> f.get("kind").asText(), f -> f.get("snapshot").asText(),
                f -> f.get("path").asText(null), f -> f.get("chunk").asLong()).contains(
                        org.assertj.core.groups.Tuple.tuple("guid", GuestCoverageNights.name(TAMPER + 1), null, -1L),
                        org.assertj.core.groups.Tuple.tuple("chunk", GuestCoverageNights.name(TAMPER + 1), "t1", 1L));
        int found = -1;
        for (int night = CORRUPT; night < NIGHTS && found < 0; night++) {
            boolean named = findings(nights.get(night), backup + "/copy/victim").stream().anyMatch(f ->
                    f.get("kind").asText().equals("unreadable") && GuestCoverageNights.STABLE.equals(f.get("path").asText())
                            && f.get("chunk").asLong() == 2 && f.get("detail").asText().contains("EIO"));
            found = named ? night : -1;
        }
        System.out.printf("the bad block was named on night %d, %d night(s) after it went bad%n", found, found - CORRUPT);
        assertThat(found).isBetween(CORRUPT, CORRUPT + N - 1);
    }

    private static JsonNode dataset(JsonNode night, String name) {
        for (JsonNode dataset : night.get("coverage").get("datasets")) {
            if (dataset.get("dataset").asText().equals(name)) {
                return dataset;
            }
        }
        throw new AssertionError("no dataset " + name + " in " + night.get("coverage"));
    }

    private static List<JsonNode> findings(JsonNode night, String dataset) {
        List<JsonNode> found = new ArrayList<>();
        night.get("findings").forEach(f -> {
            if (f.get("dataset").asText().equals(dataset)) {
                found.add(f);
            }
        });
        return found;
    }

    private static void printNumbers(List<JsonNode> nights, String main) {
        System.out.println("night  checked   budget    slice     work  main%  all%   oldest  findings");
        for (int i = 0; i < nights.size(); i++) {
            JsonNode night = nights.get(i);
            JsonNode slice = night.get("slice");
            System.out.println(String.format(Locale.ROOT, "%5d %8d %8d %8d %8d %6.1f %5.1f %6.1fd %5d", i + 1,
                    slice.get("checkedBytes").asLong(), BUDGET, slice.get("sliceBytes").asLong(),
                    slice.get("workBytes").asLong(), 100 * dataset(night, main).get("ratio").asDouble(),
                    100 * night.get("coverage").get("ratio").asDouble(),
                    night.get("coverage").get("ageSeconds").asLong() / 86400.0, night.get("findingCount").asLong()));
        }
    }

    /**
     * What the nights read, against what the nights changed. A block is a file's chunk as written on
     * one night (recordsize is the chunk size: a chunk written is a new block, a chunk not written
     * keeps its block in every later snapshot). A night's reads are ordinal ranges of one snapshot's
     * manifest: each read chunk is the block that snapshot holds at that place.
     */
    private static final class Oracle {
        private final Path out;
        private final String copyPrefix;
        /** Per dataset, per night: each file's chunks' birth nights, as the source was snapshotted that night. */
        private final Map<String, Map<Integer, TreeMap<String, int[]>>> states = new HashMap<>();

        Oracle(Path out, String copyPrefix) throws IOException {
            this.out = out;
            this.copyPrefix = copyPrefix;
            Map<String, TreeMap<String, int[]>> live = new HashMap<>();
            for (String line : Files.readAllLines(out.resolve("changes.jsonl"))) {
                JsonNode change = JSON.readTree(line);
                int night = change.get("night").asInt();
                TreeMap<String, int[]> files = live.computeIfAbsent(change.get("dataset").asText(), d -> new TreeMap<>());
                String path = change.get("path").asText();
                switch (change.get("kind").asText()) {
                    case "create" -> {
                        int[] births = new int[(int) chunks(change.get("length").asLong())];
                        java.util.Arrays.fill(births, night);
                        files.put(path, births);
                    }
                    case "write" -> files.get(path)[(int) (change.get("offset").asLong() / GuestCoverageNights.CHUNK)] = night;
                    default -> files.remove(path);
                }
                Map<Integer, TreeMap<String, int[]>> byNight = states.computeIfAbsent(change.get("dataset").asText(),
                        d -> new HashMap<>());
                TreeMap<String, int[]> snapshot = new TreeMap<>();
                files.forEach((p, b) -> snapshot.put(p, b.clone()));
                byNight.put(night, snapshot);
            }
        }

        private static long chunks(long bytes) {
            return (bytes + GuestCoverageNights.CHUNK - 1) / GuestCoverageNights.CHUNK;
        }

        /** The dataset's state as snapshotted on {@code night}: the last change on or before it. */
        private TreeMap<String, int[]> state(String dataset, int night) {
            Map<Integer, TreeMap<String, int[]>> byNight = states.get(dataset);
            for (int n = night; n >= 0; n--) {
                if (byNight.containsKey(n)) {
                    return byNight.get(n);
                }
            }
            throw new AssertionError("no state of " + dataset + " before night " + night);
        }

        /** Every block of every snapshot the ledger holds of {@code dataset} was read within N nights, from night N on. */
        void check(String dataset, List<JsonNode> nights) throws IOException {
            Map<String, Integer> lastRead = new HashMap<>();
            for (int night = 0; night < nights.size(); night++) {
                for (JsonNode read : nights.get(night).get("reads")) {
                    if (read.get("dataset").asText().equals(copyPrefix + dataset)) {
                        record(dataset, read, night, lastRead);
                    }
                }
                if (night < N - 1) {
                    continue;
                }
                JsonNode ledger = JSON.readTree(out.resolve("runs/" + night + "/" + LedgerJson.FILE_NAME).toFile());
                for (JsonNode snapshot : ledger.get("snapshots")) {
                    if (!snapshot.get("dataset").asText().equals(copyPrefix + dataset)) {
                        continue;
                    }
                    int taken = Integer.parseInt(snapshot.get("snapshot").asText().substring(1));
                    int finalNight = night;
                    state(dataset, taken).forEach((path, births) -> {
                        for (int chunk = 0; chunk < births.length; chunk++) {
                            Integer read = lastRead.get(path + "#" + chunk + "@" + births[chunk]);
                            assertThat(read).as("night %d: block %s chunk %d (born night %d) of %s@%s", finalNight, path,
                                    chunk, births[chunk], dataset, snapshot.get("snapshot").asText()).isNotNull()
                                    .isGreaterThan(finalNight - N);
                        }
                    });
                }
            }
        }

        /** The blocks a night's read of one snapshot read: its ranges' ordinals mapped through the source's manifest. */
        private void record(String dataset, JsonNode read, int night, Map<String, Integer> lastRead) throws IOException {
            String snapshot = read.get("snapshot").asText();
            List<String> ordinals = new ArrayList<>();
            for (String line : Files.readAllLines(out.resolve("store/" + dataset + "/" + snapshot + ".manifest"))) {
                if (!line.startsWith("#")) {
                    String[] fields = line.split("\t");
                    ordinals.add(fields[0] + "#" + fields[1]);
                }
            }
            TreeMap<String, int[]> state = state(dataset, Integer.parseInt(snapshot.substring(1)));
            for (JsonNode run : read.get("runs")) {
                for (long o = run.get("from").asLong(); o < run.get("to").asLong(); o++) {
                    String place = ordinals.get((int) o);
                    String path = place.substring(0, place.indexOf('#'));
                    int chunk = Integer.parseInt(place.substring(place.indexOf('#') + 1));
                    lastRead.put(place + "@" + state.get(path)[chunk], night);
                }
            }
        }
    }
}
