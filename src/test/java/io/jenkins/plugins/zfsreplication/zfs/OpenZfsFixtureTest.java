package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * Parsing of output that only modern OpenZFS prints (zfs-fuse cannot), from fixtures whose first
 * lines say where they were transcribed from. How OpenZFS behaves is tested on OpenZFS itself, in
 * the guest (OpenZfsGuestTest, and every {@link ZfsTest}).
 */
class OpenZfsFixtureTest {

    @Test
    void shouldFindEveryFeatureInOpenZfsUsageText() throws IOException {
        UsageText usage = UsageText.parse(fixture("openzfs-usage.txt"));

        assertThat(CapabilityProbe.features(usage)).isEqualTo(EnumSet.allOf(Feature.class));
    }

    @Test
    void shouldFindOnlyHoldsInZfsFuseUsageText() {
        // as zfs-fuse 0.7.0 prints it (the relevant lines)
        String zfsFuse = "usage: zfs command args ...\nwhere 'command' is one of the following:\n\n"
                + "\tsnapshot [-r] [-o property=value] ... <filesystem@snapname|volume@snapname>\n"
                + "\tlist [-rH][-d max] [-o property[,...]] [-t type[,...]] [-s property] ...\n"
                + "\t    [-S property] ... [filesystem|volume|snapshot] ...\n\n"
                + "\tsend [-RDp] [-[iI] snapshot] <snapshot>\n"
                + "\treceive [-vnF] <filesystem|volume|snapshot>\n"
                + "\treceive [-vnF] -d <filesystem>\n\n"
                + "\thold [-r] <tag> <snapshot> ...\n\tholds [-r] <snapshot> ...\n\trelease [-r] <tag> <snapshot> ...\n";

        assertThat(CapabilityProbe.features(UsageText.parse(zfsFuse))).containsExactly(Feature.HOLDS);
    }

    @Test
    void shouldParseParsableListOutputWithBookmarksTokensAndUnsignedGuids() throws IOException {
        ListingParser parser = new ListingParser(List.of("userrefs", "receive_resume_token", "zfs-replication:backup"));

        List<ZfsObject> objects = parser.parseList(fixture("openzfs-list-Hp.txt"));

        assertThat(parser.propertyList()).isEqualTo(
                "type,guid,createtxg,creation,used,referenced,userrefs,receive_resume_token,zfs-replication:backup");
        assertThat(objects).extracting(ZfsObject::name).containsExactly("tank", "tank/home",
                "tank/home@zr-20261129T000000Z", "tank/home#zr-20261129T000000Z", "tank/vm");
        ZfsObject home = objects.get(1);
        ZfsObject snapshot = objects.get(2);
        ZfsObject bookmark = objects.get(3);
        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(home.guidText()).isEqualTo("16827549181451347212");
        softly.assertThat(home.property("receive_resume_token")).hasValueSatisfying(t -> assertThat(t).startsWith("1-e2e1e86a8-f8-"));
        softly.assertThat(home.property("userrefs")).isEmpty();
        softly.assertThat(snapshot.type()).isEqualTo(ObjectType.SNAPSHOT);
        softly.assertThat(snapshot.guid()).isEqualTo(-1L);
        softly.assertThat(snapshot.guidText()).isEqualTo("18446744073709551615");
        softly.assertThat(snapshot.createtxg()).isEqualTo(100);
        softly.assertThat(snapshot.creation()).isEqualTo(1_795_996_800L);
        softly.assertThat(snapshot.used()).isEqualTo(1_048_576L);
        softly.assertThat(snapshot.referenced()).isEqualTo(5_242_880_000L);
        softly.assertThat(snapshot.property("userrefs")).contains("2");
        softly.assertThat(snapshot.datasetName()).isEqualTo("tank/home");
        softly.assertThat(snapshot.shortName()).isEqualTo("zr-20261129T000000Z");
        softly.assertThat(bookmark.type()).isEqualTo(ObjectType.BOOKMARK);
        softly.assertThat(bookmark.used()).isEqualTo(-1);
        softly.assertThat(bookmark.datasetName()).isEqualTo("tank/home");
        softly.assertThat(objects.get(4).type()).isEqualTo(ObjectType.VOLUME);
        softly.assertThat(objects.get(4).property("zfs-replication:backup")).contains("off");
        softly.assertAll();
        Listing listing = new Listing("host", objects);
        assertThat(listing.datasets()).extracting(ZfsObject::name).containsExactly("tank", "tank/home", "tank/vm");
        assertThat(listing.snapshotsOf("tank/home")).extracting(ZfsObject::shortName).containsExactly("zr-20261129T000000Z");
    }

    @Test
    void shouldGiveTheSameObjectsFromGetFormAsFromListForm() throws IOException {
        ListingParser parser = new ListingParser(List.of("userrefs", "receive_resume_token", "zfs-replication:backup"));
        List<ZfsObject> fromList = parser.parseList(fixture("openzfs-list-Hp.txt"));
        String properties = "type,guid,createtxg,creation,used,referenced,userrefs,receive_resume_token,zfs-replication:backup";
        // the same values in zfs get -Hp -o name,property,value form, one line per property
        String getForm = fixture("openzfs-list-Hp.txt").lines().map(line -> {
            String[] fields = line.split("\t");
            String[] names = properties.split(",");
            StringBuilder lines = new StringBuilder();
            for (int i = 0; i < names.length; i++) {
                lines.append(fields[0]).append('\t').append(names[i]).append('\t').append(fields[i + 1]).append('\n');
            }
            return lines.toString();
        }).collect(Collectors.joining());

        assertThat(parser.parseGet(getForm)).isEqualTo(fromList);
    }

    @Test
    void shouldReadTheTotalOfASendSizeEstimate() throws IOException {
        assertThat(Zfs.parseSendSizeEstimate(fixture("openzfs-send-nP.txt"))).isEqualTo(3_145_728L);
        // without the total line (a full stream printed alone), the streams add up
        assertThat(Zfs.parseSendSizeEstimate("full\ttank/home@zr-20261129T000000Z\t5242880\n")).isEqualTo(5_242_880L);
        assertThatThrownBy(() -> Zfs.parseSendSizeEstimate("cannot open 'tank/x': dataset does not exist"))
                .hasMessageStartingWith("zfs send -nP printed no size estimate");
    }

    private static String fixture(String name) throws IOException {
        try (InputStream in = OpenZfsFixtureTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.startsWith("#")).collect(Collectors.joining("\n", "", "\n"));
        }
    }
}
