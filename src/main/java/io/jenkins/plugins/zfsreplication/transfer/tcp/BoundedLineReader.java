package io.jenkins.plugins.zfsreplication.transfer.tcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * Text lines from a peer's socket, each at most a fixed number of bytes: a peer that sends no
 * newline fails the connection instead of growing this JVM's heap. A read timeout
 * ({@link SocketTimeoutException}) keeps the part of the line read so far for the next call.
 */
final class BoundedLineReader {
    private final InputStream in;
    private final int maxBytes;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    BoundedLineReader(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next line without its newline (UTF-8), or null at the end of the stream. */
    String readLine() throws IOException {
        while (true) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            if (b == '\n') {
                String text = line.toString(StandardCharsets.UTF_8);
                line.reset();
                return text;
            }
            if (line.size() >= maxBytes) {
                throw new IOException("a line longer than " + maxBytes + " bytes");
            }
            line.write(b);
        }
    }
}
