package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The streaming listing parser against the objects a listing was written from (the oracle): both
 * forms, cut into blocks of many sizes (blocks smaller than a line included), with names holding
 * spaces and non-ASCII characters, "-" values, tabs in the last column, 19- and 20-digit GUIDs,
 * and snapshots listed out of createtxg order.
 */
class ListingStreamTest {
    private static final List<String> EXTRAS = List.of("zfs-replication:backup", "userrefs", "com.example:note");
    private static final int[] BLOCK_SIZES = {16, 64, 333, 4096, ListingParser.BLOCK};

    @Test
    void shouldReadTheObjectsAListingWasWrittenFromInEveryBlockSizeAndBothForms() {
        List<ZfsObject> written = objects(new Random(42), 40, 30);
        SoftAssertions softly = new SoftAssertions();
        for (boolean listForm : new boolean[] {true, false}) {
            byte[] text = render(written, listForm).getBytes(StandardCharsets.UTF_8);
            for (int blockSize : BLOCK_SIZES) {
                Listing listing = new ListingParser(EXTRAS, blockSize).read("h", new ByteArrayInputStream(text), listForm);
                softly.assertThat(listing.objects()).as("list form %s, block %d", listForm, blockSize)
                        .containsExactlyElementsOf(written);
                softly.assertThat(listing.size()).isEqualTo(written.size());
            }
            ListingParser parser = new ListingParser(EXTRAS);
            String string = render(written, listForm);
            softly.assertThat(listForm ? parser.parseList(string) : parser.parseGet(string)).as("from a string")
                    .containsExactlyElementsOf(written);
        }
        softly.assertAll();
    }

    @Test
    void shouldKeepEachDatasetsSnapshotsOldestFirstAsColumnsAndAsObjects() {
        List<ZfsObject> written = objects(new Random(7), 5, 50);
        Listing listing = new ListingParser(EXTRAS, 100).read("h", stream(render(written, true)), true);

        SoftAssertions softly = new SoftAssertions();
        for (ZfsObject dataset : listing.datasets()) {
            List<ZfsObject> expected = written.stream().filter(o -> o.isSnapshot() && o.datasetName().equals(dataset.name()))
                    .sorted(Comparator.comparingLong(ZfsObject::createtxg)).toList();
            SnapshotTable table = listing.snapshotTable(dataset.name());
            softly.assertThat(listing.snapshotsOf(dataset.name())).containsExactlyElementsOf(expected);
            for (int i = 0; i < expected.size(); i++) {
                ZfsObject snapshot = expected.get(i);
                softly.assertThat(table.shortName(i)).isEqualTo(snapshot.shortName());
                softly.assertThat(table.guid(i)).isEqualTo(snapshot.guid());
                softly.assertThat(table.createtxg(i)).isEqualTo(snapshot.createtxg());
                softly.assertThat(table.creation(i)).isEqualTo(snapshot.creation());
                softly.assertThat(table.used(i)).isEqualTo(snapshot.used());
                softly.assertThat(table.referenced(i)).isEqualTo(snapshot.referenced());
                softly.assertThat(table.property(i, "userrefs")).isEqualTo(snapshot.property("userrefs").orElse(null));
            }
            softly.assertThat(listing.find(expected.get(3).name())).contains(expected.get(3));
        }
        softly.assertAll();
        assertThat(new Listing("h", written).objects()).containsExactlyElementsOf(written);
    }

    @Test
    void shouldRejectWhatZfsDoesNotPrintWithTheSameMessagesInEveryBlockSize() {
        for (int blockSize : BLOCK_SIZES) {
            ListingParser parser = new ListingParser(List.of(), blockSize);
            String core = "\tsnapshot\t1\t2\t3\t0\t0\n";
            assertThatThrownBy(() -> parser.read("h", stream("tank\tfilesystem\t1\n"), true))
                    .hasMessage("Expected 7 tab-separated fields in zfs output, found 3: 'tank\tfilesystem\t1'");
            assertThatThrownBy(() -> parser.read("h", stream("t@a" + core + "t@b" + core + "t@a" + core), true))
                    .hasMessage("The zfs listing of h names 't@a' twice");
            assertThatThrownBy(() -> parser.read("h", stream("t@a\tsnapshot\t18446744073709551616\t2\t3\t0\t0\n"), true))
                    .hasMessage("The guid of 't@a' is '18446744073709551616', not a number: was the listing made without -p?");
            assertThatThrownBy(() -> parser.read("h", stream("t@a\tsnapshot\t1\t2\t3.5K\t0\t0\n"), true))
                    .hasMessage("The creation of 't@a' is '3.5K', not a number: was the listing made without -p?");
            assertThatThrownBy(() -> parser.read("h", stream("t\tused\t1\n"), false))
                    .hasMessage("The zfs listing has no type for 't'");
            assertThatThrownBy(() -> parser.read("h", stream("t\ttype\tfilesystem\nt\tcolor\tred\n"), false))
                    .hasMessage("Unexpected property 'color' in zfs get output: color\tred");
        }
    }

    /** Datasets with snapshots (listed newest first in every third dataset), a bookmark and a volume. */
    private static List<ZfsObject> objects(Random random, int datasets, int snapshots) {
        List<ZfsObject> objects = new ArrayList<>();
        String[] names = {"tank/data %d", "tank/dätä-%d", "tank/日本/%d", "tank/x.y:z_%d"};
        for (int d = 0; d < datasets; d++) {
            String dataset = String.format(names[d % names.length], d);
            objects.add(new ZfsObject(dataset, d % 7 == 6 ? ObjectType.VOLUME : ObjectType.FILESYSTEM, random.nextLong(),
                    d + 1, 1_700_000_000L + d, random.nextInt(1000), 1L << 40, extras(random, d)));
            for (int s = 0; s < snapshots; s++) {
                int order = d % 3 == 2 ? snapshots - s : s;
                // GUIDs across the range: 20 digits (above 2^63 as unsigned), 19 digits, and small
                long guid = s % 3 == 0 ? -1L - random.nextInt(1000) : s % 3 == 1 ? Long.MAX_VALUE - s : s;
                objects.add(new ZfsObject(dataset + "@zr snap-" + order + (s % 5 == 0 ? "-ü" : ""), ObjectType.SNAPSHOT,
                        guid, 100L + order, 1_800_000_000L + order, s % 4 == 0 ? -1 : s, 1L << 30, extras(random, s / 10)));
            }
            if (d % 4 == 1) {
                objects.add(new ZfsObject(dataset + "#mark", ObjectType.BOOKMARK, 99, 100, 1_800_000_000L, -1, -1, Map.of()));
            }
        }
        return objects;
    }

    private static Map<String, String> extras(Random random, int seed) {
        Map<String, String> extras = new HashMap<>();
        if (seed % 3 != 0) {
            extras.put("zfs-replication:backup", seed % 2 == 0 ? "on" : "off");
        }
        extras.put("userrefs", String.valueOf(seed % 2));
        if (seed % 4 == 1) {
            extras.put("com.example:note", "a\tnote with a tab, ünïcode and " + random.nextInt(100));
        }
        return extras;
    }

    /** The listing as zfs prints it: list -Hp or get -Hp of the core properties and the extras. */
    private static String render(List<ZfsObject> objects, boolean listForm) {
        StringBuilder text = new StringBuilder("\n"); // an empty line is skipped
        for (ZfsObject object : objects) {
            List<String> values = new ArrayList<>(List.of(object.type().name().toLowerCase(), object.guidText(),
                    number(object.createtxg()), number(object.creation()), number(object.used()), number(object.referenced())));
            EXTRAS.forEach(extra -> values.add(object.property(extra).orElse("-")));
            List<String> properties = new ArrayList<>(ListingParser.CORE_PROPERTIES);
            properties.addAll(EXTRAS);
            if (listForm) {
                text.append(object.name()).append('\t').append(String.join("\t", values)).append('\n');
                continue;
            }
            for (int i = 0; i < values.size(); i++) {
                text.append(object.name()).append('\t').append(properties.get(i)).append('\t').append(values.get(i))
                        .append('\n');
            }
        }
        return text.toString();
    }

    private static String number(long value) {
        return value < 0 ? "-" : Long.toString(value);
    }

    private static ByteArrayInputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A pool with nothing below the listed root prints nothing (seen: the target's listing on a new pool). */
    @Test
    void shouldReadAnEmptyListingAsNoObjectsInBothForms() {
        for (int blockSize : new int[] {1, 64, 1 << 20}) {
            ListingParser parser = new ListingParser(List.of(), blockSize);
            assertThat(parser.read("h", stream(""), true).objects()).as("list form, block %d", blockSize).isEmpty();
            assertThat(parser.read("h", stream(""), false).objects()).as("get form, block %d", blockSize).isEmpty();
            assertThat(parser.parseGet("")).isEmpty();
        }
    }
}
