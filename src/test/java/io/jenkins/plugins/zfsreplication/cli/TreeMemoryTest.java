package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory a tree's verify needs does not grow with its number of files: 150,000 files verified
 * by the command line in a JVM with a 16 MiB heap, their report written. A run that kept one entry
 * per file until the end (as this tool once did, and its report with them) ran out of heap here.
 */
class TreeMemoryTest {
    private static final int DIRECTORIES = 150;
    private static final int PER_DIRECTORY = 1000;

    @Test
    void shouldVerifyAWideTreeInASmallHeap(@TempDir Path dir) throws Exception {
        Path root = Files.createDirectory(dir.resolve("wide"));
        for (int d = 0; d < DIRECTORIES; d++) {
            Path directory = Files.createDirectory(root.resolve(String.format(Locale.ROOT, "d%03d", d)));
            for (int f = 0; f < PER_DIRECTORY; f++) {
                Files.createFile(directory.resolve(String.format(Locale.ROOT, "f%04d", f)));
            }
        }
        Path manifest = dir.resolve("wide.manifest");
        Path report = dir.resolve("wide.json");
        Path log = dir.resolve("verify.log");

        Process verify = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx16m",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "verify", "--no-progress",
                "-o", manifest.toString(), "--report", report.toString(), root.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(verify.waitFor(120, TimeUnit.SECONDS)).as("verify finished").isTrue();

        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(verify.exitValue()).as(output).isZero();
        List<String> lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
        assertThat(lines).contains("# size: 0\td000/f0000", "# size: 0\td149/f0999", "# end: 150000 files, 0 chunks");
        assertThat(lines.stream().filter(line -> line.startsWith("# size: "))).hasSize(DIRECTORIES * PER_DIRECTORY);
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.at("/totals/files").asLong()).isEqualTo(DIRECTORIES * PER_DIRECTORY);
        assertThat(json.get("files")).hasSize(1000);
        assertThat(json.at("/files/0/path").asText()).isEqualTo("d000/f0000");
    }
}
