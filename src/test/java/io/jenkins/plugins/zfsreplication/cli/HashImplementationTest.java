package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A verify says what computed its hashes: {@code hashImplementation} in verify-report.json, and,
 * when the xxHash library did not load, one line on stderr. The command line runs as a process,
 * once as installed (libxxhash present: "native") and once in a mount namespace of its own where an
 * empty file is bound over the library, as on a host without it ("java"). Both manifests hold the
 * hash {@code xxhsum -H1} prints.
 */
class HashImplementationTest {
    private static final String FALLBACK = "xxh64 hashed by Java (the same values, slower): libxxhash.so.0 (0.8.0 or"
            + " later) did not load; Debian: apt-get install libxxhash0";

    @TempDir
    Path dir;

    @Test
    void shouldSayNativeWhenTheLibraryLoads() throws Exception {
        Path file = Files.writeString(dir.resolve("six"), "hello\n");
        Run run = verify(List.of(), file, "with");

        assertThat(run.status).as(run.stderr).isZero();
        assertThat(run.report.get("hashImplementation").asText()).isEqualTo("native");
        assertThat(run.stderr).doesNotContain("hashed by Java");
        assertThat(run.report.get("log")).isEmpty();
        assertThat(run.chunkHash).isEqualTo(xxhsum(file));
    }

    @Test
    void shouldSayJavaOnceWhenTheLibraryIsMissing() throws Exception {
        Path file = Files.writeString(dir.resolve("six"), "hello\n");
        Path library = Path.of(firstLine(List.of("sh", "-c",
                "ldconfig -p | sed -n 's/^[[:space:]]*libxxhash.so.0 .*=> //p'"))).toRealPath();
        Path empty = Files.createFile(dir.resolve("empty.so"));
        // the library unreadable to this process alone: a private mount namespace, gone with it
        List<String> hidden = List.of("unshare", "--mount", "--propagation", "private", "--", "sh", "-c",
                "mount --bind \"$0\" \"$1\" && shift && exec \"$@\"", empty.toString(), library.toString());
        Run run = verify(hidden, file, "without");

        assertThat(run.status).as(run.stderr).isZero();
        assertThat(run.report.get("hashImplementation").asText()).isEqualTo("java");
        assertThat(run.stderr.lines().filter(FALLBACK::equals)).as(run.stderr).hasSize(1);
        assertThat(run.report.get("log")).hasSize(1);
        assertThat(run.report.at("/log/0").asText()).isEqualTo(FALLBACK);
        assertThat(run.chunkHash).isEqualTo(xxhsum(file));
    }

    /** What one verify process printed, wrote and returned. */
    private record Run(int status, String stderr, JsonNode report, String chunkHash) {
    }

    private Run verify(List<String> prefix, Path file, String name) throws IOException, InterruptedException {
        Path manifest = dir.resolve(name + ".manifest");
        Path report = dir.resolve(name + ".json");
        Path stderr = dir.resolve(name + ".err");
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "verify", "--no-progress",
                "-o", manifest.toString(), "--report", report.toString(), file.toString()));
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr.toFile()).start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("verify finished").isTrue();
        String err = Files.readString(stderr, StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            return new Run(process.exitValue(), err, null, null);
        }
        // a one-chunk file: the manifest's only chunk line is "0<TAB>HASH"
        List<String> chunks = Files.readAllLines(manifest, StandardCharsets.UTF_8).stream()
                .filter(line -> !line.startsWith("#")).toList();
        assertThat(chunks).hasSize(1);
        return new Run(0, err, new ObjectMapper().readTree(report.toFile()), chunks.get(0).split("\t")[1]);
    }

    private static String xxhsum(Path file) throws IOException, InterruptedException {
        Matcher line = Pattern.compile("^([0-9a-f]{16})  ").matcher(firstLine(List.of("xxhsum", "-q", "-H1",
                file.toString())));
        assertThat(line.find()).as("xxhsum -H1 printed a hash").isTrue();
        return line.group(1);
    }

    private static String firstLine(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("%s: %s", command, out).isZero();
        assertThat(out).as("%s printed a line", command).isNotBlank();
        return out.lines().findFirst().orElseThrow();
    }
}
