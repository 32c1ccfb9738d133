package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.posix.NativePipe;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferCancelledException;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A named pipe that joins two processes which are not started together, with the JVM as a third
 * party that only writes or reads the token at its start. The JVM opens it read-write: on Linux
 * that never blocks, and it keeps the pipe open while the processes on either side come and go.
 * The JVM closes its end once both sides run, so EOF reaches the reader when the writer ends.
 *
 * <p>The pipe is made {@value #CAPACITY} bytes large (at most /proc/sys/fs/pipe-max-size) while the
 * JVM holds it, before either side opens it: a capacity belongs to the pipe and holds while any end
 * is open, so the processes get it from their first byte. With the kernel's default of 64 KiB, socat
 * receiving TLS (one 16 KiB record per write) filled it in four writes and woke the reader for
 * each; a failure to enlarge it (a user's pipes at their limit) leaves the default, slower but sound.
 */
final class Fifo implements AutoCloseable {
    /** The capacity asked for: a few socat blocks, so neither side waits on the other's every write. */
    static final int CAPACITY = 1 << 20;
    private static final Path PIPE_MAX_SIZE = Path.of("/proc/sys/fs/pipe-max-size");

    private final Path path;
    private final FileChannel channel;
    private final int capacity;

    private Fifo(Path path, FileChannel channel, int capacity) {
        this.path = path;
        this.channel = channel;
        this.capacity = capacity;
    }

    static Fifo create(Path path) {
        try {
            Process mkfifo = new ProcessBuilder(List.of("mkfifo", "-m", "600", path.toString()))
                    .redirectErrorStream(true).start();
            if (!mkfifo.waitFor(30, TimeUnit.SECONDS) || mkfifo.exitValue() != 0) {
                throw new TransferException("mkfifo %s failed: %s", path,
                        new String(mkfifo.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
            FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
            return new Fifo(path, channel, enlarge(path));
        } catch (IOException e) {
            throw new TransferException(e, "Cannot create the named pipe %s: %s", path, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransferCancelledException("Cancelled while creating %s", path);
        }
    }

    /**
     * Sets the pipe's capacity to {@link #CAPACITY}, or to pipe-max-size when that is lower, and
     * returns what the pipe has then (the kernel's default when that failed). The descriptor used is
     * closed again: the channel, open already, keeps the pipe and its capacity.
     */
    private static int enlarge(Path path) {
        try (NativePipe pipe = NativePipe.open(path)) {
            int wanted = Math.min(CAPACITY, maximum());
            try {
                // never below what the pipe has (a host whose maximum is under the default)
                return wanted > pipe.capacity() ? pipe.resize(wanted) : pipe.capacity();
            } catch (PosixException e) {
                return pipe.capacity();
            }
        } catch (PosixException e) {
            return -1; // no native binding here: the kernel's default, unknown to us
        }
    }

    /** /proc/sys/fs/pipe-max-size: what an unprivileged process may ask for (the kernel's default is 1 MiB). */
    static int maximum() {
        // one read of the whole line: a sysctl file answers a read at a later offset with EOF, and
        // Files.readString reads a file that stat calls empty a byte first (it would see "1")
        try (java.io.BufferedReader reader = Files.newBufferedReader(PIPE_MAX_SIZE, StandardCharsets.US_ASCII)) {
            String line = reader.readLine();
            return line == null ? CAPACITY : Integer.parseInt(line.strip());
        } catch (IOException | NumberFormatException e) {
            return CAPACITY;
        }
    }

    /** The pipe's capacity in bytes as set when it was made; -1 when it could not be read. */
    int capacity() {
        return capacity;
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
