package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * Resume tokens decoded here against what OpenZFS 2.3's own {@code zfs send -nvt} printed of the
 * same tokens (openzfs-resume-tokens.txt: a full, an incremental with -L -e -c, a raw one).
 */
class ResumeTokenTest {

    @Test
    void shouldReadWhatZfsSendNvtReadsFromRealTokens() throws IOException {
        List<String[]> fixtures = fixtures();
        assertThat(fixtures).hasSize(3);
        for (String[] fixture : fixtures) {
            ResumeToken token = ResumeToken.parse(fixture[0]);
            String oracle = fixture[1];

            assertThat(token.toGuid()).as(fixture[0]).isEqualTo(Long.parseUnsignedLong(value(oracle, "toguid"), 16));
            assertThat(token.fromGuid()).isEqualTo(oracle.contains("fromguid = ")
                    ? Long.parseUnsignedLong(value(oracle, "fromguid"), 16) : 0);
            assertThat(token.toName()).isEqualTo(oracle.lines().filter(l -> l.contains("toname = ")).findFirst()
                    .orElseThrow().split(" = ")[1]);
            assertThat(token.bytes()).isEqualTo(Long.parseLong(value(oracle, "bytes"), 16));
            assertThat(token.flags()).isEqualTo(flags(oracle));
        }
        assertThat(ResumeToken.parse(fixtures.get(1)[0]).flags())
                .containsExactlyInAnyOrder("compressok", "embedok", "largeblockok");
        assertThat(ResumeToken.parse(fixtures.get(2)[0]).flags()).containsExactlyInAnyOrder("compressok", "rawok");
    }

    @Test
    void shouldRefuseWhatIsNoTokenWithOneLineSayingWhy() throws IOException {
        String real = fixtures().get(0)[0];
        // OpenZFS 2.3.2 says "resume token is corrupt (incorrect checksum)" of this one (an old test fixture)
        String corrupt = "1-e2e1e86a8-f8-789c636064000310a500c4ec50360710e72765a5269740f80cd8e4d3d28a534b18e00024cf86249f"
                + "5459925acc802a8facbf243fbd34338581e1f62c2b07ce17ef2e0600ec5813a0";

        assertThatThrownBy(() -> ResumeToken.parse(corrupt)).isInstanceOf(ZfsException.class)
                .hasMessage("The resume token '1-e2e1e86a8-f8-789c636064000310a500c4ec5...' cannot be read: its "
                        + "checksum does not match (damaged)");
        assertThatThrownBy(() -> ResumeToken.parse("2" + real.substring(1)))
                .hasMessageEndingWith("not of the form 1-<checksum>-<length>-<hex>");
        assertThatThrownBy(() -> ResumeToken.parse(real.substring(0, real.length() - 2)))
                .hasMessageEndingWith("its contents end early"); // a byte of no whole word: the checksum cannot see it
        String flipped = real.substring(0, 30) + (real.charAt(30) == '0' ? '1' : '0') + real.substring(31);
        assertThatThrownBy(() -> ResumeToken.parse(flipped)).hasMessageEndingWith("its checksum does not match (damaged)");
        String[] parts = real.split("-");
        assertThatThrownBy(() -> ResumeToken.parse(parts[0] + "-" + parts[1] + "-c0-" + parts[3]))
                .hasMessageEndingWith("its contents are not the length it says");
        assertThatThrownBy(() -> ResumeToken.parse("1-0-10-ffff")).hasMessageEndingWith("its contents are not zlib data");
        assertThatThrownBy(() -> ResumeToken.parse("1-0-10-78")).hasMessageEndingWith("its contents end early");
        assertThatThrownBy(() -> ResumeToken.parse("1-0-10-\u001b[2J")).hasMessage("The resume token '1-0-10-\\x1B[2J' "
                + "cannot be read: not of the form 1-<checksum>-<length>-<hex>");
    }

    /** The flags zfs send -nvt prints after toname, as "name = 1". */
    private static Set<String> flags(String oracle) {
        Set<String> flags = new TreeSet<>();
        boolean after = false;
        for (String line : oracle.lines().map(String::strip).toList()) {
            if (after && line.endsWith(" = 1")) {
                flags.add(line.substring(0, line.length() - 4));
            }
            after = after || line.startsWith("toname = ");
        }
        return flags;
    }

    private static String value(String oracle, String name) {
        return oracle.lines().map(String::strip).filter(line -> line.startsWith(name + " = ")).findFirst().orElseThrow()
                .substring(name.length() + 3).replaceFirst("^0x", "");
    }

    /** Each token of the fixture with the text zfs send -nvt printed of it. */
    private static List<String[]> fixtures() throws IOException {
        String text;
        try (InputStream in = ResumeTokenTest.class.getResourceAsStream("openzfs-resume-tokens.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String[]> fixtures = new ArrayList<>();
        for (String block : text.lines().filter(l -> !l.startsWith("#")).reduce("", (a, b) -> a + b + "\n")
                .split("\n\n")) {
            String[] lines = block.strip().split("\n", 2);
            fixtures.add(new String[] {lines[0], lines[1]});
        }
        return fixtures;
    }
}
