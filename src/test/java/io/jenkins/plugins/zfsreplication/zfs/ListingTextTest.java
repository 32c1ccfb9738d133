package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A listing handed from one host to another: the same objects after the trip, in far fewer bytes. */
class ListingTextTest {
    private static final List<String> EXTRA = List.of("userrefs");

    @Test
    void shouldArriveAsTheSameListingInFewerBytesThanTheText() throws Exception {
        // given the get form of 20 datasets x 50 snapshots, as zfs prints it
        StringBuilder text = new StringBuilder();
        long guid = 1000;
        for (int d = 0; d < 20; d++) {
            append(text, "backup/copy/ds" + d, "filesystem", guid++, 10 + d);
            for (int s = 0; s < 50; s++) {
                append(text, "backup/copy/ds" + d + "@zr-20261129T" + String.format("%06d", s) + "Z", "snapshot", guid++,
                        100 + s);
            }
        }
        ListingText listing = new ListingText("local", false, EXTRA, text.toString()).withHost("agent:backup");

        // when it travels
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(listing);
        }
        ListingText arrived;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            arrived = (ListingText) in.readObject();
        }

        // then the parsed listing equals what parsing the text here gives, under the new host name
        Listing expected = Zfs.parseListing("agent:backup", text.toString(), false, EXTRA);
        assertThat(arrived.text()).isEqualTo(text.toString());
        assertThat(arrived.parse().objects()).isEqualTo(expected.objects()).hasSize(20 * 51);
        assertThat(arrived.parse().host()).isEqualTo("agent:backup");
        assertThat(bytes.size()).isLessThan(text.length() / 5);
        assertThat(arrived.compressedBytes()).isEqualTo(listing.compressedBytes());
    }

    @Test
    void shouldDeflateZfsOutputAsItArrivesToTheSameListingAsFromTheText() {
        StringBuilder text = new StringBuilder();
        for (int s = 0; s < 300; s++) {
            append(text, "tank/ds@zr-" + s, "snapshot", 5000 + s, 10 + s);
        }
        byte[] output = text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);

        ListingText streamed = ListingText.read("local", false, EXTRA, new ByteArrayInputStream(output));

        assertThat(streamed.text()).isEqualTo(text.toString());
        assertThat(streamed.parse().objects()).isEqualTo(Zfs.parseListing("local", text.toString(), false, EXTRA)
                .objects()).hasSize(300);
        assertThat(streamed.compressedBytes()).isLessThan(output.length / 5);
    }

    @Test
    void shouldBeEmptyForATargetRootThatDoesNotExistYet() {
        assertThat(ListingText.empty("agent:backup", EXTRA).parse().objects()).isEmpty();
    }

    private static void append(StringBuilder text, String name, String type, long guid, long txg) {
        String[][] rows = {{"type", type}, {"guid", Long.toString(guid)}, {"createtxg", Long.toString(txg)},
            {"creation", Long.toString(1_795_000_000L + txg)}, {"used", "0"}, {"referenced", "1024"}, {"userrefs", "0"}};
        for (String[] row : rows) {
            if (type.equals("filesystem") && row[0].equals("userrefs")) {
                continue;
            }
            text.append(name).append('\t').append(row[0]).append('\t').append(row[1]).append('\n');
        }
    }
}
