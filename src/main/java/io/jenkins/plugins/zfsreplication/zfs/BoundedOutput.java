package io.jenkins.plugins.zfsreplication.zfs;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A command's output as it is read, failing with {@link OutputLimitException} once a line or the
 * whole of it grows past a bound: what another host prints (a compromised one, a broken zfs) never
 * makes this JVM hold more than the bounds say. One endless line from zfs once took the command
 * line to 4.4 GB.
 */
final class BoundedOutput extends FilterInputStream {
    private final String command;
    private final long maxBytes;
    private final long maxLine;
    private long bytes;
    private long line;

    /**
     * @param command  what printed it, for the error
     * @param maxBytes the most bytes in all
     * @param maxLine  the most bytes between two line ends
     */
    BoundedOutput(InputStream in, String command, long maxBytes, long maxLine) {
        super(in);
        this.command = command;
        this.maxBytes = maxBytes;
        this.maxLine = maxLine;
    }

    @Override
    public int read() throws IOException {
        int read = super.read();
        if (read >= 0) {
            count(new byte[] {(byte) read}, 0, 1);
        }
        return read;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int read = super.read(buffer, offset, length);
        if (read > 0) {
            count(buffer, offset, read);
        }
        return read;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] skipped = new byte[(int) Math.min(n, 8192)];
        int read = read(skipped, 0, skipped.length); // counted as read: skipping is no way around the bounds
        return Math.max(read, 0);
    }

    private void count(byte[] buffer, int offset, int length) {
        bytes += length;
        if (bytes > maxBytes) {
            throw new OutputLimitException("'%s' printed more than %s: more than any answer this tool asks for; "
                    + "the output was not used and the command was ended", command, human(maxBytes));
        }
        for (int i = offset; i < offset + length; i++) {
            line = buffer[i] == '\n' ? 0 : line + 1;
        }
        if (line > maxLine) {
            throw new OutputLimitException("'%s' printed a line longer than %s: no zfs output has such lines; the "
                    + "output was not used and the command was ended", command, human(maxLine));
        }
    }

    static String human(long bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
    }

    /** Output past a bound: the command is ended, nothing it printed is used. */
    static final class OutputLimitException extends ZfsException {
        private static final long serialVersionUID = 1L;

        OutputLimitException(String format, Object... args) {
            super(format, args);
        }
    }
}
