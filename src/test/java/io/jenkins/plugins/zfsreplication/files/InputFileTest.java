package io.jenkins.plugins.zfsreplication.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFileTest {
    @TempDir
    Path dir;

    @Test
    void shouldReadAFileWholeAndThroughALink() throws IOException {
        Path file = Files.writeString(dir.resolve("plan.json"), "{\"caf\u00e9\": 1}\n");
        Path link = Files.createSymbolicLink(dir.resolve("latest.json"), file);

        assertThat(InputFile.readText(link, "the plan", 100)).isEqualTo("{\"caf\u00e9\": 1}\n");
    }

    /** Reads of every length at every offset of the caller's array land where asked (a stream copies out of native memory). */
    @Test
    void shouldStreamTheSameBytesAsTheFileHolds() throws Exception {
        byte[] bytes = new byte[300_001];
        new Random(7).nextBytes(bytes);
        Path file = Files.write(dir.resolve("manifest"), bytes);
        byte[] read = new byte[bytes.length + 10];
        int at = 3;
        try (InputFile input = InputFile.open(file, "the manifest"); InputStream in = input.stream()) {
            read[at++] = (byte) in.read();
            for (int length = 1; ; length = length * 3 % 70_001 + 1) {
                int n = in.read(read, at, Math.min(length, read.length - at));
                if (n < 0) {
                    break;
                }
                at += n;
            }
        }
        assertThat(at - 3).isEqualTo(bytes.length);
        assertThat(MessageDigest.getInstance("SHA-256").digest(java.util.Arrays.copyOfRange(read, 3, at)))
                .isEqualTo(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void shouldRefuseAFifoWithoutWaitingForAWriter() throws Exception {
        Path fifo = dir.resolve("plan.json");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0).isTrue();

        assertTimeoutPreemptively(Duration.ofSeconds(10), () ->
                assertThatThrownBy(() -> InputFile.readText(fifo, "the plan", 100))
                        .isInstanceOf(InputFileException.class)
                        .hasMessage("Cannot read the plan " + fifo + ": it is a FIFO, not a regular file"));
    }

    @Test
    void shouldRefuseDevicesDirectoriesAndMissingFiles() {
        assertThatThrownBy(() -> InputFile.readBytes(Path.of("/dev/zero"), "the plan", 100))
                .hasMessage("Cannot read the plan /dev/zero: it is a character device, not a regular file");
        assertThatThrownBy(() -> InputFile.readBytes(dir, "the manifest", 100))
                .hasMessage("Cannot read the manifest " + dir + ": it is a directory, not a regular file");
        assertThatThrownBy(() -> InputFile.readBytes(dir.resolve("none"), "the token file", 100))
                .hasMessage("Cannot read the token file " + dir.resolve("none") + ": ENOENT (No such file or directory)");
    }

    @Test
    void shouldRefuseMoreThanTheCapBeforeReadingIt() throws IOException {
        Path exact = Files.write(dir.resolve("exact"), new byte[100]);
        Path big = dir.resolve("big");
        try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
            file.setLength(1L << 40); // a sparse terabyte: refused by its size, never read
        }

        assertThat(InputFile.readBytes(exact, "the plan", 100)).hasSize(100);
        assertThatThrownBy(() -> InputFile.readBytes(big, "the plan", 100))
                .hasMessage("The plan " + big + " is larger than 100 bytes: is it the right file?");
    }

    @Test
    void shouldNameTheFirstByteThatIsNotUtf8() throws IOException {
        Path file = Files.write(dir.resolve("plan.json"), "{\"name\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));

        assertThatThrownBy(() -> InputFile.readText(file, "the plan", 100)).isInstanceOf(InputFileException.class)
                .hasMessage("The plan " + file + " is not UTF-8 text (at byte 13): is it the right file?");
    }

    @Test
    void shouldShowAControlCharacterInTheNameEscaped() throws IOException {
        Path file = dir.resolve("a\nb\u001b[2J");

        assertThatThrownBy(() -> InputFile.readText(file, "the plan", 100))
                .hasMessage("Cannot read the plan " + dir + "/a\\nb\\x1B[2J: ENOENT (No such file or directory)");
    }
}
