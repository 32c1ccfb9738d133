package io.jenkins.plugins.zfsreplication.plan;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes an artifact under a temporary name and renames it: no half-written file is ever seen. */
public final class AtomicFile {
    private AtomicFile() {
    }

    public static void write(Path file, String text) throws IOException {
        write(file, out -> out.write(text));
    }

    /** Writes what {@code content} writes (UTF-8): for artifacts too big to make as one string first. */
    public static void write(Path file, Content content) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            content.writeTo(out);
        }
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Writes an artifact's text. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }
}
