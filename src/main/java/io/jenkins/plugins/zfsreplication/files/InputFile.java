package io.jenkins.plugins.zfsreplication.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import io.jenkins.plugins.zfsreplication.posix.NativeBuffer;
import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.Posix;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import io.jenkins.plugins.zfsreplication.text.TerminalText;

/**
 * The one way a file someone names is read (a plan, a manifest, a token, an audit record): as a
 * regular file only, links followed, opened without blocking so that a FIFO is refused instead of
 * hanging until a writer comes; whole files only up to a cap, so that /dev/zero or a runaway file
 * cannot exhaust the heap; text as strict UTF-8, so that a foreign file is named as such and not
 * read with replacement characters. Each problem is one line naming the file and what it is.
 */
public final class InputFile implements AutoCloseable {
    private static final int CHUNK = 1 << 16;

    private final Path path;
    private final NativeFile file;

    private InputFile(Path path, NativeFile file) {
        this.path = path;
        this.file = file;
    }

    /**
     * Opens {@code path} as a regular file.
     *
     * @param what names the file in messages, such as "the plan"
     */
    public static InputFile open(Path path, String what) {
        try {
            return new InputFile(path, Posix.get().openRegularFile(path, what));
        } catch (PosixException e) {
            throw new InputFileException(TerminalText.line(e.getMessage()), e);
        }
    }

    /** All of {@code path} as strict UTF-8, refused when longer than {@code maxBytes}. */
    public static String readText(Path path, String what, long maxBytes) {
        byte[] bytes = readBytes(path, what, maxBytes);
        try {
            return decoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InputFileException(String.format("%s %s is not UTF-8 text (at byte %d): is it the right file?",
                    capitalised(what), shown(path), firstMalformed(bytes)), e);
        }
    }

    /** All of {@code path}, refused when longer than {@code maxBytes}. */
    public static byte[] readBytes(Path path, String what, long maxBytes) {
        try (InputFile input = open(path, what); InputStream in = input.stream()) {
            if (input.file.openedStatus().size() > maxBytes) {
                throw tooLarge(path, what, maxBytes);
            }
            byte[] bytes = in.readNBytes((int) Math.min(maxBytes + 1, Integer.MAX_VALUE - 8));
            if (bytes.length > maxBytes) {
                throw tooLarge(path, what, maxBytes);
            }
            return bytes;
        } catch (IOException e) {
            throw new InputFileException(String.format("Cannot read %s %s: %s", what, shown(path),
                    TerminalText.line(e.getMessage())), e);
        }
    }

    /**
     * All of {@code in} (a stream from elsewhere: an archived artifact, a file on an agent), refused
     * when longer than {@code maxBytes} before more than that is held in memory.
     *
     * @param what names it in the message, such as "the archived audit.json of build #7"
     */
    public static byte[] readBytes(InputStream in, String what, long maxBytes) throws IOException {
        byte[] bytes = in.readNBytes((int) Math.min(maxBytes + 1, Integer.MAX_VALUE - 8));
        if (bytes.length > maxBytes) {
            throw new InputFileException(String.format("%s is larger than %d bytes: is it the right file?",
                    capitalised(what), maxBytes), null);
        }
        return bytes;
    }

    private static InputFileException tooLarge(Path path, String what, long maxBytes) {
        return new InputFileException(String.format("%s %s is larger than %d bytes: is it the right file?",
                capitalised(what), shown(path), maxBytes), null);
    }

    /** The bytes, from the start; closing the stream closes the file. */
    public InputStream stream() {
        return new Stream();
    }

    /** The text as strict UTF-8 (a malformed byte is a {@link CharacterCodingException} when read); closing it closes the file. */
    public Reader reader() {
        return new InputStreamReader(stream(), decoder());
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        file.close();
    }

    private static CharsetDecoder decoder() {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    /** Where the first byte that is not UTF-8 is. */
    private static long firstMalformed(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(CHUNK);
        CharsetDecoder decoder = decoder();
        while (true) {
            java.nio.charset.CoderResult result = decoder.decode(in, out, true);
            if (result.isError() || !result.isOverflow()) {
                return in.position();
            }
            out.clear();
        }
    }

    private static String shown(Path path) {
        return TerminalText.line(path.toString());
    }

    private static String capitalised(String what) {
        return what.isEmpty() ? what : Character.toUpperCase(what.charAt(0)) + what.substring(1);
    }

    /** pread into a native buffer, copied out: the file's descriptor was opened non-blocking, which java.io cannot. */
    private final class Stream extends InputStream {
        private final NativeBuffer buffer = Posix.get().allocate(CHUNK);
        private final byte[] single = new byte[1];
        private long offset;
        private boolean closed;

        @Override
        public int read() throws IOException {
            return read(single, 0, 1) < 0 ? -1 : single[0] & 0xff;
        }

        @Override
        public int read(byte[] target, int from, int length) throws IOException {
            if (closed) {
                throw new IOException("closed");
            }
            if (length == 0) {
                return 0;
            }
            long n;
            try {
                n = file.readOnce(buffer.address(), Math.min(length, CHUNK), offset);
            } catch (PosixException e) {
                throw new IOException(e.getMessage(), e);
            }
            if (n == 0) {
                return -1;
            }
            buffer.copyTo(0, target, from, (int) n);
            offset += n;
            return (int) n;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                buffer.close();
                file.close();
            }
        }
    }
}
