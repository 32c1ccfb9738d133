package io.jenkins.plugins.zfsreplication.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Names as bytes: decoded as UTF-8 with each other byte kept, as Python's surrogateescape does. */
class FileNamesTest {
    private static final HexFormat HEX = HexFormat.of();

    @ParameterizedTest
    @CsvSource({
        "6e c3 a9 65, n\u00e9e",
        "62 61 64 ff, bad\udcff",
        // a lead byte without its continuation, then ASCII: only the lead byte is escaped
        "c3 41, \udcc3A",
        // an overlong '/', an encoded surrogate, a code point above U+10FFFF: none is UTF-8
        "c0 af, \udcc0\udcaf",
        "ed a0 80, \udced\udca0\udc80",
        "f4 90 80 80, \udcf4\udc90\udc80\udc80",
        // U+10080, whose second half is in the escapes' range yet is no escape
        "f0 90 82 80, \ud800\udc80",
        "66 6f 6f, foo",
    })
    void shouldDecodeUtf8AndKeepEveryOtherByte(String hex, String name) {
        byte[] bytes = HEX.parseHex(hex.replace(" ", ""));

        assertThat(FileNames.decode(bytes, 0, bytes.length)).isEqualTo(name);
        assertThat(FileNames.encode(name)).isEqualTo(bytes);
    }

    @Test
    void shouldDecodeAsPythonsSurrogateEscapeAndGiveTheSameBytesBack() throws Exception {
        Random random = new Random(20261201);
        List<byte[]> names = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            byte[] name = new byte[1 + random.nextInt(12)];
            for (int j = 0; j < name.length; j++) {
                // mostly bytes >= 0x80, where UTF-8 can go wrong; a valid sequence now and then
                int kind = random.nextInt(8);
                name[j] = (byte) (kind == 0 ? 'a' + random.nextInt(26) : 0x80 + random.nextInt(0x80));
            }
            if (i % 5 == 0) {
                byte[] valid = new String(Character.toChars(0x80 + random.nextInt(0x10FF80)))
                        .getBytes(StandardCharsets.UTF_8);
                System.arraycopy(valid, 0, name, 0, Math.min(valid.length, name.length));
            }
            names.add(name);
        }

        List<String> expected = python(names);

        for (int i = 0; i < names.size(); i++) {
            byte[] name = names.get(i);
            String decoded = FileNames.decode(name, 0, name.length);
            assertThat(codeUnits(decoded)).as("decoding %s", HEX.formatHex(name)).isEqualTo(expected.get(i));
            assertThat(FileNames.encode(decoded)).as("bytes of %s", HEX.formatHex(name)).isEqualTo(name);
        }
    }

    /** The UTF-16 code units of {@code text} in hex (getBytes(UTF_16BE) would replace lone surrogates). */
    private static String codeUnits(String text) {
        StringBuilder hex = new StringBuilder();
        text.chars().forEach(c -> hex.append(HEX.toHexDigits((char) c)));
        return hex.toString();
    }

    /** Each name decoded by Python (utf-8, surrogateescape), as UTF-16 code units in hex. */
    private static List<String> python(List<byte[]> names) throws IOException, InterruptedException {
        String script = "import sys\n"
                + "for line in sys.stdin:\n"
                + "    s = bytes.fromhex(line.strip()).decode('utf-8', 'surrogateescape')\n"
                + "    print(s.encode('utf-16-be', 'surrogatepass').hex())\n";
        Process process = new ProcessBuilder("/usr/bin/python3", "-c", script).redirectErrorStream(true).start();
        StringBuilder input = new StringBuilder();
        names.forEach(name -> input.append(HEX.formatHex(name)).append('\n'));
        Thread feeder = new Thread(() -> {
            try (var in = process.getOutputStream()) {
                in.write(input.toString().getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        feeder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        feeder.join();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output.lines().toList();
    }

    @Test
    void shouldTellAnEscapedByteFromTheSecondHalfOfAPair() {
        String name = "\ud800\udc80\udc80";

        assertThat(FileNames.escapedByte(name, 1)).isEqualTo(-1);
        assertThat(FileNames.escapedByte(name, 2)).isEqualTo(0x80);
        assertThat(FileNames.escapedByte("a", 0)).isEqualTo(-1);
        assertThat(FileNames.escape(0xff)).isEqualTo('\udcff');
    }

    @Test
    void shouldRefuseAStringNoBytesName() {
        assertThatThrownBy(() -> FileNames.encode("x\ud800")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unpaired surrogate U+D800");
        assertThatThrownBy(() -> FileNames.escape(0x41)).isInstanceOf(IllegalArgumentException.class);
    }
}
