package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.text.TerminalText;

import java.util.Locale;

/**
 * One difference between two manifests; "left" is the reference (usually the source), "right" the
 * copy. For chunk kinds, {@code chunk} is the first chunk, {@code chunks} how many follow in a run,
 * {@code offset}/{@code length} the bytes they cover.
 */
public record Difference(Kind kind, String path, long chunk, long chunks, long offset, long length,
                         String left, String right) {
    public enum Kind {
        /** The file is only in the left manifest. */
        MISSING,
        /** The file is only in the right manifest. */
        EXTRA,
        /** The sizes differ. */
        SIZE,
        /** Both have the chunk; its hashes differ. */
        CHUNK,
        /** Chunks only the left manifest has (sizes unknown, e.g. zfs-check input). */
        ONLY_LEFT,
        /** Chunks only the right manifest has (sizes unknown). */
        ONLY_RIGHT
    }

    public Difference {
        if (kind == null || path == null) {
            throw new IllegalArgumentException("kind and path are required");
        }
    }

    static Difference file(Kind kind, String path, long size) {
        return new Difference(kind, path, -1, 0, 0, size, null, null);
    }

    /** One line for people, e.g. {@code chunk 3 differs: disk.img at offset 3145728, 1048576 bytes}. */
    public String describe() {
        // a file name may hold a newline or an escape sequence: one line, shown, never interpreted
        String name = path.isEmpty() ? "(file)" : TerminalText.line(path);
        return switch (kind) {
            case MISSING -> "missing: " + name + " is only in the left side";
            case EXTRA -> "extra: " + name + " is only in the right side";
            case SIZE -> String.format(Locale.ROOT, "size differs: %s is %s bytes left, %s bytes right", name, left, right);
            case CHUNK -> String.format(Locale.ROOT, "chunk %d differs: %s at offset %d, %d bytes (left %s, right %s)",
                    chunk, name, offset, length, left, right);
            case ONLY_LEFT, ONLY_RIGHT -> String.format(Locale.ROOT, "%d chunk(s) from chunk %d only in the %s side: %s"
                    + " at offset %d", chunks, chunk, kind == Kind.ONLY_LEFT ? "left" : "right", name, offset);
        };
    }
}
