package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferCancelledException;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A named pipe that joins two processes which are not started together, with the JVM as a third
 * party that only writes or reads the token at its start. The JVM opens it read-write: on Linux
 * that never blocks, and it keeps the pipe open while the processes on either side come and go.
 * The JVM closes its end once both sides run, so EOF reaches the reader when the writer ends.
 */
final class Fifo implements AutoCloseable {
    private final Path path;
    private final FileChannel channel;

    private Fifo(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    static Fifo create(Path path) {
        try {
            Process mkfifo = new ProcessBuilder(List.of("mkfifo", "-m", "600", path.toString()))
                    .redirectErrorStream(true).start();
            if (!mkfifo.waitFor(30, TimeUnit.SECONDS) || mkfifo.exitValue() != 0) {
                throw new TransferException("mkfifo %s failed: %s", path,
                        new String(mkfifo.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            }
            return new Fifo(path, FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE));
        } catch (IOException e) {
            throw new TransferException(e, "Cannot create the named pipe %s: %s", path, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransferCancelledException("Cancelled while creating %s", path);
        }
    }

    /** False once {@link #close()} ran: then nobody may open the path expecting our end to keep it from blocking. */
    boolean isOpen() {
        return channel.isOpen();
    }

    Path path() {
        return path;
    }

    void write(byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /**
     * Reads exactly {@code length} bytes. A pipe read returns at most what was asked for, so no
     * byte after them is taken from the stream. Blocks until they are there or the pipe is closed
     * ({@link #close()} from another thread ends the wait with an exception).
     */
    byte[] readExactly(int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                break;
            }
        }
        byte[] bytes = new byte[buffer.position()];
        buffer.flip().get(bytes);
        return bytes;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing was buffered: a failed close loses no data
        }
    }
}
