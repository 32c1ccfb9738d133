package io.jenkins.plugins.zfsreplication.audit;

import io.jenkins.plugins.zfsreplication.files.Sha256;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chain check on builds that are not directories: the job page reads kept builds through their
 * artifact manager, which may keep the artifacts anywhere. Here they are held in memory, copied
 * from build directories the command line checks too, and both checks must say the same.
 */
class KeptBuildsChainTest {
    private static final List<String> PATHS = List.of("transfer.json", "plan.json", "prune-report.json",
            "target-report.json", "target.manifest", "charts/throughput.svg");

    @TempDir
    Path folder;

    /** A build kept in memory, as an artifact manager would hand its files out. */
    private record Kept(long number, Map<String, byte[]> files) implements ChainBuild {
        @Override
        public boolean recorded() {
            return files.containsKey(AuditRecord.FILE_NAME);
        }

        @Override
        public InputStream open(String path) throws IOException {
            byte[] bytes = files.get(path);
            if (bytes == null) {
                throw new FileNotFoundException(path);
            }
            return new ByteArrayInputStream(bytes);
        }

        @Override
        public String where() {
            return "build #" + number;
        }
    }

    private Path build(int number, ChainStart start) throws IOException {
        Path directory = AuditChainFixture.artifacts(folder.resolve(Integer.toString(number)), number);
        Files.write(directory.resolve(AuditRecord.FILE_NAME), AuditJson.write(AuditRecorder.record(
                path -> Files.newInputStream(directory.resolve(path)), PATHS, "nightly", number, start)));
        return directory;
    }

    private static Kept kept(Path directory) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(directory)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                files.put(directory.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        }
        return new Kept(Long.parseLong(directory.getFileName().toString()), files);
    }

    @Test
    void shouldCheckKeptBuildsAsTheCommandLineChecksDirectories() throws Exception {
        Path one = build(1, ChainStart.none());
        Path two = build(2, ChainStart.of(1, Files.readAllBytes(one.resolve(AuditRecord.FILE_NAME)), List.of()));
        Kept skipped = new Kept(3, Map.of("notes.txt", new byte[] {1}));

        ChainReport directories = ChainCheck.check(List.of(one, two), null);
        ChainReport inMemory = ChainCheck.checkBuilds(List.of(kept(two), skipped, kept(one)), null);

        assertThat(directories.line()).isEqualTo("audit chain intact: job 'nightly', builds 1 to 2 (2 builds, 12 "
                + "artifacts); build 1 starts the chain");
        assertThat(inMemory.line()).isEqualTo(directories.line() + "; without audit.json, skipped: [3]");
    }

    @Test
    void shouldNameTheKeptBuildWhoseArtifactWasChangedOrRemoved() throws Exception {
        Path one = build(1, ChainStart.none());
        Path two = build(2, ChainStart.of(1, Files.readAllBytes(one.resolve(AuditRecord.FILE_NAME)), List.of()));
        Kept changed = kept(two);
        changed.files().put("target.manifest", "edited\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Kept removed = kept(one);
        removed.files().remove("charts/throughput.svg");

        ChainReport afterChange = ChainCheck.checkBuilds(List.of(kept(one), changed), null);
        ChainReport afterRemoval = ChainCheck.checkBuilds(List.of(removed, kept(two)), null);

        assertThat(afterChange.brokenAt()).isEqualTo(2);
        assertThat(afterChange.line()).startsWith("audit chain broken at build 2: artifact target.manifest was changed (sha256 "
                + Sha256.of("edited\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)) + ", 7 bytes; recorded ");
        assertThat(afterRemoval.line()).isEqualTo("audit chain broken at build 1: artifact charts/throughput.svg is missing");
    }
}
