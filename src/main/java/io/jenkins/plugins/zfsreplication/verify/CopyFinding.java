package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.text.TerminalText;
import java.util.Locale;

/**
 * One thing a check of a copy against the source's manifest found wrong: a chunk that hashes
 * otherwise, a chunk the file system could not read (EIO: a checksum error ZFS could not repair),
 * a file missing on the copy, a file only the copy has, a file of another size. {@code chunk} is
 * the chunk's index in its file (-1 for a whole file), {@code offset} and {@code length} the bytes
 * it covers; {@code detail} the hashes or the error.
 */
public record CopyFinding(Kind kind, String path, long chunk, long offset, long length, String detail) {
    /** What is wrong. */
    public enum Kind {
        /** The chunk hashes otherwise than the source's manifest says. */
        CHUNK,
        /** The chunk could not be read (the read failed, e.g. with EIO). */
        UNREADABLE,
        /** The file is in the source's manifest, not on the copy. */
        MISSING,
        /** The file is on the copy, not in the source's manifest. */
        EXTRA,
        /** The file has another size on the copy. */
        SIZE
    }

    public CopyFinding {
        if (kind == null || path == null) {
            throw new IllegalArgumentException("kind and path are required");
        }
    }

    /** One line for people; a name is shown escaped, never interpreted. */
    public String describe() {
        String name = path.isEmpty() ? "(the volume)" : TerminalText.line(path);
        String shownDetail = detail == null ? "" : TerminalText.line(detail);
        return switch (kind) {
            case CHUNK -> String.format(Locale.ROOT, "chunk %d differs: %s at offset %d, %d bytes (%s)", chunk, name,
                    offset, length, shownDetail);
            case UNREADABLE -> String.format(Locale.ROOT, "chunk %d unreadable: %s at offset %d, %d bytes (%s)", chunk,
                    name, offset, length, shownDetail);
            case MISSING -> "missing: " + name + " is in the source's manifest, not on the copy";
            case EXTRA -> "extra: " + name + " is on the copy, not in the source's manifest";
            case SIZE -> "size differs: " + name + " (" + shownDetail + ")";
        };
    }
}
