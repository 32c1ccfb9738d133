package io.jenkins.plugins.zfsreplication.verify;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import java.util.Locale;

/**
 * Writes the line form of a manifest. A file target is written under a temporary name next to it
 * and renamed only by {@link #commit()}, so a failed run never leaves a manifest that looks
 * complete; the {@code # end:} line written by {@link #finish} marks a complete manifest too.
 */
public final class ManifestWriter implements AutoCloseable {
    private final Writer out;
    private final Path target;
    private final AtomicFile.Pending file; // null when writing to a writer
    private final ManifestHeader header;
    private boolean committed;

    private ManifestWriter(Writer out, Path target, AtomicFile.Pending file, ManifestHeader header) {
        this.out = out;
        this.target = target;
        this.file = file;
        this.header = header;
    }

    /** A manifest written to {@code target} through a temporary file in the same directory. */
    public static ManifestWriter toFile(Path target, ManifestHeader header) {
        Path absolute = target.toAbsolutePath();
        Path directory = absolute.getParent();
        if (directory == null) {
            throw new VerifyException("Cannot write the manifest %s: it names no file", target);
        }
        try {
            AtomicFile.Pending file = AtomicFile.open(absolute, AtomicFile.PRIVATE);
            return start(new ManifestWriter(file.writer(), absolute, file, header));
        } catch (IOException e) {
            throw new VerifyException(e, "Cannot write the manifest %s: %s. Check that its directory exists and is writable.",
                    target, e.getMessage());
        }
    }

    /** A manifest written to a writer (e.g. stdout); it is flushed, not closed. */
    public static ManifestWriter toWriter(Writer target, ManifestHeader header) {
        return start(new ManifestWriter(new BufferedWriter(target, 1 << 16), null, null, header));
    }

    /** The same with the provenance of a snapshot's manifest in its header (null: none). */
    public static ManifestWriter toFile(Path target, ManifestHeader header, Provenance provenance) {
        return provenance == null ? toFile(target, header) : withProvenance(toFile(target, header), provenance);
    }

    /** The same with the provenance of a snapshot's manifest in its header (null: none). */
    public static ManifestWriter toWriter(Writer target, ManifestHeader header, Provenance provenance) {
        return provenance == null ? toWriter(target, header) : withProvenance(toWriter(target, header), provenance);
    }

    /** Header lines of their own, after the parameters: readers that know them not pass them by. */
    private static ManifestWriter withProvenance(ManifestWriter writer, Provenance provenance) {
        writer.line("# " + Provenance.GUID_KEY + ": " + provenance.guid());
        writer.line("# " + Provenance.HOST_KEY + ": " + provenance.host());
        return writer;
    }

    private static ManifestWriter start(ManifestWriter writer) {
        ManifestHeader h = writer.header;
        writer.line(ManifestHeader.FIRST_LINE);
        writer.line("# format: " + h.format());
        writer.line("# tool: " + h.tool());
        writer.line("# hash: " + h.hash().id());
        writer.line("# block-size: " + h.blockSize());
        writer.line("# count: " + h.count());
        writer.line("# chunk-size: " + h.chunkSize());
        writer.line("# layout: " + h.layout().name().toLowerCase(Locale.ROOT));
        return writer;
    }

    /** Starts a file: its size line (path is ignored for the file layout). */
    public void file(String path, long size) {
        line(header.layout() == ManifestHeader.Layout.FILE ? "# size: " + size
                : "# size: " + size + "\t" + ManifestPaths.escape(path));
    }

    public void chunk(String path, long index, String hash) {
        line(header.layout() == ManifestHeader.Layout.FILE ? index + "\t" + hash
                : ManifestPaths.escape(path) + "\t" + index + "\t" + hash);
    }

    /**
     * Appends to {@code out} a tree manifest's lines for a file of one chunk ({@code hash}; null for
     * an empty file, which has none), as {@link #file} and {@link #chunk} write them: a hashing
     * thread makes them, and {@link #lines} writes them in order.
     */
    static void smallFile(StringBuilder out, String path, long size, String hash) {
        String escaped = ManifestPaths.escape(path);
        out.append("# size: ").append(size).append('\t').append(escaped).append('\n');
        if (hash != null) {
            out.append(escaped).append("\t0\t").append(hash).append('\n');
        }
    }

    /** Writes characters {@code from} to {@code to} of lines made by {@link #smallFile} (tree manifests only). */
    void lines(String made, int from, int to) {
        if (header.layout() != ManifestHeader.Layout.TREE) {
            throw new IllegalStateException("lines of a tree manifest written to a " + header.layout() + " manifest");
        }
        try {
            out.write(made, from, to - from);
        } catch (IOException e) {
            throw new UncheckedIOException("Writing the manifest failed: " + e.getMessage(), e);
        }
    }

    /** Writes the end line that marks the manifest complete. */
    public void finish(long files, long chunks) {
        line("# end: " + files + " files, " + chunks + " chunks");
    }

    private void line(String text) {
        try {
            out.write(text);
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException("Writing the manifest failed: " + e.getMessage(), e);
        }
    }

    /** Flushes and, for a file, renames the temporary file to its final name. */
    public void commit() {
        try {
            out.flush();
            if (file != null) {
                file.commit();
            }
            committed = true;
        } catch (IOException e) {
            throw new VerifyException(e, "Cannot complete the manifest %s: %s", target, e.getMessage());
        }
    }

    @Override
    public void close() {
        if (target == null || committed) {
            return;
        }
        try {
            file.close();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot remove the incomplete manifest beside " + target, e);
        }
    }
}
