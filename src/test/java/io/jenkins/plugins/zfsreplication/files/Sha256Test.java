package io.jenkins.plugins.zfsreplication.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SHA-256 of a file, a stream and bytes, against sha256sum (the oracle); a link is refused. */
class Sha256Test {
    @TempDir
    Path folder;

    @Test
    void shouldHashAsSha256sumDoes() throws Exception {
        byte[] content = new byte[200_000]; // several of the stream's buffers
        new Random(34).nextBytes(content);
        Path file = Files.write(folder.resolve("data"), content);
        String expected = sha256sum(file);

        assertThat(Sha256.of(file)).isEqualTo(expected);
        try (InputStream in = Files.newInputStream(file)) {
            assertThat(Sha256.of(in)).isEqualTo(expected);
        }
        assertThat(Sha256.of(content)).isEqualTo(expected);
        Path link = Files.createSymbolicLink(folder.resolve("link"), file);
        assertThatThrownBy(() -> Sha256.of(link)).isInstanceOf(IOException.class).hasMessageContaining("not a regular file");
    }

    private static String sha256sum(Path file) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("sha256sum", "--", file.toString()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        return out.substring(0, 64);
    }
}
