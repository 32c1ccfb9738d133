package io.jenkins.plugins.zfsreplication.files;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;

/**
 * Writes a file so that readers see all of it or none of it, and nobody else's file is touched:
 * the content goes to a new file with an unpredictable name in the target's directory, created
 * with {@code O_CREAT|O_EXCL} (a link planted there is never followed), forced to disk, then
 * renamed over the target (a link planted at the target's name is replaced, not followed) and the
 * directory forced too. A failure removes the temporary file and leaves the target as it was.
 *
 * <p>The one-call writes also write in an interrupted thread: a cancelled run (an aborted build, a
 * signal) writes what it did after the interrupt, and a file channel in an interrupted thread
 * closes itself at its first write. They hold the interrupt back while they write and set it again
 * afterwards; an interrupt that comes during the write still stops it.
 */
public final class AtomicFile {
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Owner read and write only: for files with tokens in them. */
    public static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rw-------");

    private AtomicFile() {
    }

    /** Writes {@code text} (UTF-8) as {@code file}, with the mode the umask gives. */
    public static void write(Path file, String text) throws IOException {
        write(file, out -> out.write(text));
    }

    /** Writes what {@code content} writes (UTF-8): for files too big to make as one string first. */
    public static void write(Path file, Content content) throws IOException {
        write(file, content, null);
    }

    /** Writes {@code text} (UTF-8) as {@code file} with exactly {@code mode}. */
    public static void write(Path file, String text, Set<PosixFilePermission> mode) throws IOException {
        write(file, out -> out.write(text), mode);
    }

    private static void write(Path file, Content content, Set<PosixFilePermission> mode) throws IOException {
        InterruptCleared.run(() -> {
            try (Pending pending = open(file, mode)) {
                content.writeTo(pending.writer());
                pending.commit();
            }
        });
    }

    /**
     * A file being written piece by piece: {@link Pending#commit} puts it in place; closing it
     * without a commit removes it.
     *
     * @param mode the file's permissions; null: as the umask gives
     */
    public static Pending open(Path file, Set<PosixFilePermission> mode) throws IOException {
        Path target = file.toAbsolutePath();
        Path directory = target.getParent();
        if (directory == null) {
            throw new IOException(file + " names no file");
        }
        Path temporary = directory.resolve("." + target.getFileName() + "."
                + HexFormat.of().formatHex(randomBytes()) + ".tmp");
        FileAttribute<?>[] attributes = mode == null ? new FileAttribute<?>[0]
                : new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(mode)};
        FileChannel channel = FileChannel.open(temporary, Set.of(StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE), attributes);
        return new Pending(target, directory, temporary, channel);
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    /** Writes a file's text. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    /** A temporary file that becomes the target on {@link #commit}. */
    public static final class Pending implements AutoCloseable {
        private final Path target;
        private final Path directory;
        private final Path temporary;
        private final FileChannel channel;
        private final OutputStream stream;
        private final Writer buffered;
        private final Writer writer;
        private boolean committed;

        private Pending(Path target, Path directory, Path temporary, FileChannel channel) {
            this.target = target;
            this.directory = directory;
            this.temporary = temporary;
            this.channel = channel;
            // the channel stays open until commit: closing the stream must not close it early
            this.stream = new java.io.FilterOutputStream(Channels.newOutputStream(channel)) {
                @Override
                public void write(byte[] bytes, int offset, int length) throws IOException {
                    out.write(bytes, offset, length);
                }

                @Override
                public void close() throws IOException {
                    flush();
                }
            };
            this.buffered = new java.io.BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
            // content writers may close what they were given (Jackson's generator does): that only flushes
            this.writer = new java.io.FilterWriter(buffered) {
                @Override
                public void close() throws IOException {
                    flush();
                }
            };
        }

        /** The content as text (UTF-8), buffered. */
        public Writer writer() {
            return writer;
        }

        /** Flushes, forces the data to disk and renames the file over the target. */
        public void commit() throws IOException {
            buffered.flush();
            channel.force(true);
            channel.close();
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
            committed = true;
            try (FileChannel folder = FileChannel.open(directory, StandardOpenOption.READ)) {
                folder.force(true);
            } catch (IOException e) {
                // some file systems cannot force a directory; the rename itself is done
            }
        }

        /** Without a commit: removes the temporary file; the target stays as it was. */
        @Override
        public void close() throws IOException {
            if (!committed) {
                channel.close();
                Files.deleteIfExists(temporary);
            }
        }
    }
}
