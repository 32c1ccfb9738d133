package io.jenkins.plugins.zfsreplication.verify;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The independent oracle: chunk_oracle.py (python3-xxhash and hashlib via Debian's /usr/bin/python3,
 * reading with plain read()), and xxhsum for whole small inputs.
 */
final class Oracle {
    private static final String PYTHON = "/usr/bin/python3";

    private Oracle() {
    }

    /** "chunk<TAB>hash" lines of a file or device, as the oracle computes them. */
    static List<String> fileChunks(Path file, String algorithm, long chunkSize) {
        return Commands.run(PYTHON, script().toString(), algorithm, Long.toString(chunkSize), "file", file.toString())
                .lines().toList();
    }

    /** "path<TAB>chunk<TAB>hash" lines of a tree, files sorted (zfs-check's layout). */
    static List<String> treeChunks(Path root, String algorithm, long chunkSize) {
        return Commands.run(PYTHON, script().toString(), algorithm, Long.toString(chunkSize), "tree", root.toString())
                .lines().toList();
    }

    /** {hole bytes, zero chunks} of a file as the oracle sees them (python os.lseek SEEK_DATA, plain reads). */
    static long[] holeBytesAndZeroChunks(Path file, long chunkSize) {
        String[] parts = Commands.run(PYTHON, script().toString(), "xxh64", Long.toString(chunkSize), "stats",
                file.toString()).trim().split(" ");
        return new long[] {Long.parseLong(parts[0]), Long.parseLong(parts[1])};
    }

    /** Bytes in the file's data extents as python's os.lseek SEEK_DATA/SEEK_HOLE walk finds them. */
    static long dataExtentBytes(Path file) {
        return Long.parseLong(Commands.run(PYTHON, script().toString(), "xxh64", "1", "extents", file.toString()).trim());
    }

    /** What {@code xxhsum -H<variant>} prints for the whole file. */
    static String xxhsum(Path file, int variant) {
        String line = Commands.run("xxhsum", "-H" + variant, file.toString()).trim();
        return line.startsWith("XXH3") ? line.substring(line.lastIndexOf(' ') + 1) : line.split("\\s+")[0];
    }

    private static Path script() {
        try (InputStream in = Oracle.class.getResourceAsStream("chunk_oracle.py")) {
            Path copy = Files.createTempFile("chunk_oracle", ".py");
            copy.toFile().deleteOnExit();
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            return copy;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The chunk lines of a manifest (header, size and end lines dropped). */
    static List<String> chunkLines(Path manifest) {
        try {
            return Files.readAllLines(manifest).stream().filter(line -> !line.startsWith("#")).toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
