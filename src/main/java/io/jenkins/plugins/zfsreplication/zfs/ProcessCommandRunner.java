package io.jenkins.plugins.zfsreplication.zfs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs commands on this host as child processes. stdout and stderr are drained concurrently, so
 * a command that fills one pipe while we read the other cannot deadlock (a listing of a million
 * snapshots is hundreds of MiB). Each stream has a thread of its own, started for the command:
 * on a shared pool (the common ForkJoin pool), concurrent commands could take every thread to
 * read one stream each while the streams nobody reads fill up, and every command would wait on
 * a full pipe until its timeout.
 *
 * <p>Everything is bounded: the time ({@code timeout}), what {@link #run} holds of stdout
 * ({@link #MAX_OUTPUT_BYTES}, lines of {@link #MAX_LINE_BYTES}) and of stderr ({@link #MAX_STDERR_BYTES},
 * the rest read and dropped), and the wait for the end of the output after the command exited
 * ({@link #EXIT_GRACE}): a process it started in the background (an ssh connection master) may
 * keep its stdout open long after it is gone.
 */
public final class ProcessCommandRunner implements CommandRunner {
    /** What {@link #run} keeps of a command's stdout: far above any answer zfs gives it (listings are streamed). */
    public static final long MAX_OUTPUT_BYTES = 64L << 20;
    /** The longest line {@link #run} accepts: zfs's longest are a few paths or property values of 8 KiB. */
    public static final long MAX_LINE_BYTES = 1L << 20;
    /** What is kept of stderr: its first bytes say what went wrong. */
    static final int MAX_STDERR_BYTES = 64 << 10;
    /** How long the output may go on after the command exited: a local pipe drains in far less. */
    static final Duration EXIT_GRACE = Duration.ofSeconds(5);

    private final Duration exitGrace;

    public ProcessCommandRunner() {
        this(EXIT_GRACE);
    }

    /** With another grace after the exit (tests that wait for it). */
    ProcessCommandRunner(Duration exitGrace) {
        this.exitGrace = exitGrace;
    }

    @Override
    public CommandResult run(List<String> command, Duration timeout) {
        String line = String.join(" ", command);
        Streamed<String> finished = execute(command, timeout,
                out -> drain(new BoundedOutput(out, line, MAX_OUTPUT_BYTES, MAX_LINE_BYTES)), true);
        CommandResult result = finished.result();
        return new CommandResult(command, result.exitStatus(), finished.value(), result.stderr());
    }

    /** Streams stdout to the reader; a failed command's output is not read (it may not be what the reader expects). */
    @Override
    public <T> Streamed<T> stream(List<String> command, Duration timeout, OutputReader<T> reader) {
        return execute(command, timeout, reader, false);
    }

    /** Reads stdout on its own thread while this one waits for the exit (and enforces the timeout). */
    private <T> Streamed<T> execute(List<String> command, Duration timeout, OutputReader<T> reader,
                                           boolean readOnFailure) {
        Process process = start(command);
        closeQuietly(process.getOutputStream()); // stdin is not used; closing it means no command waits on it
        String name = command.isEmpty() ? "command" : command.get(0);
        StderrHead head = new StderrHead();
        CompletableFuture<String> stderr = onOwnThread(name + "-stderr", () -> head.read(process.getErrorStream()));
        CompletableFuture<T> stdout = onOwnThread(name + "-stdout", () -> read(process.getInputStream(), reader));
        try {
            waitForExit(process, stdout, command, timeout);
            int exit = process.exitValue();
            T value = outputAfterExit(process, stdout, command, exit == 0 || readOnFailure, exitGrace);
            String errors = stderrAfterExit(stderr, head, exitGrace);
            return new Streamed<>(new CommandResult(command, exit, "", errors), value);
        } catch (InterruptedException e) {
            end(process);
            Thread.currentThread().interrupt();
            throw new ZfsException(e, "Interrupted while running '%s'; the command was killed", String.join(" ", command));
        } catch (ExecutionException e) {
            end(process);
            if (e.getCause() instanceof ZfsException failure) {
                throw failure;
            }
            throw new ZfsException(e.getCause(), "Could not read the output of '%s'", String.join(" ", command));
        }
    }

    /**
     * Waits for the command to exit, at most {@code timeout}; ends it at once when its output went
     * past a bound (the reader failed: waiting for the command to finish would only wait longer).
     */
    private static void waitForExit(Process process, CompletableFuture<?> stdout, List<String> command,
                                    Duration timeout) throws InterruptedException, ExecutionException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!process.waitFor(50, TimeUnit.MILLISECONDS)) {
            throwIfPastABound(stdout);
            if (System.nanoTime() - deadline > 0) {
                end(process);
                throw new ZfsException("'%s' did not finish within %s and was killed", String.join(" ", command), timeout);
            }
        }
    }

    /** Throws the reader's failure when it is a bound that output went past; any other failure waits for the exit status. */
    private static void throwIfPastABound(CompletableFuture<?> stdout) throws ExecutionException, InterruptedException {
        if (stdout.isCompletedExceptionally()) {
            try {
                stdout.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof BoundedOutput.OutputLimitException) {
                    throw e;
                }
            }
        }
    }

    /**
     * The reader's value once stdout ended, null when it is not {@code wanted} (a failed command's:
     * the exit status tells). Output past a bound fails the command whatever its exit status (it may
     * have died of the pipe closed on it). A stdout still open {@link #EXIT_GRACE} after the exit is
     * held by a process the command left behind (a read blocked on the pipe is woken by nothing else),
     * and what was read is not trusted.
     */
    private static <T> T outputAfterExit(Process process, CompletableFuture<T> stdout, List<String> command,
                                         boolean wanted, Duration grace) throws InterruptedException, ExecutionException {
        try {
            T value = stdout.get(grace.toMillis(), TimeUnit.MILLISECONDS);
            return wanted ? value : null;
        } catch (ExecutionException e) {
            if (wanted || e.getCause() instanceof BoundedOutput.OutputLimitException) {
                throw e;
            }
            return null;
        } catch (java.util.concurrent.TimeoutException e) {
            end(process);
            if (!wanted) {
                return null;
            }
            throw new ZfsException("'%s' exited, but a process it left keeps its output open (%s after the exit): "
                    + "its output is not used. A background process (an ssh ControlMaster without ControlPersist's "
                    + "redirection, a daemon it started) must not inherit the command's stdout",
                    String.join(" ", command), grace);
        }
    }

    /**
     * stderr as far as it came: a process the command left may hold it open too (a read blocked on it
     * is not woken by anything but the child), and nothing depends on its end.
     */
    private static String stderrAfterExit(CompletableFuture<String> stderr, StderrHead head, Duration grace)
            throws InterruptedException, ExecutionException {
        try {
            return stderr.get(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            return head.text() + "\n(a process the command left keeps stderr open)";
        }
    }

    /** Kills the command and closes its streams, so that no drain thread waits on a pipe a child still holds. */
    private static void end(Process process) {
        process.destroyForcibly();
        closeQuietly(process.getInputStream());
        closeQuietly(process.getErrorStream());
    }

    /** Runs {@code task} on a new daemon thread, never on a shared pool whose threads other commands may hold. */
    private static <T> CompletableFuture<T> onOwnThread(String name, Supplier<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                result.complete(task.get());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "zfsr-drain-" + name);
        thread.setDaemon(true);
        thread.start();
        return result;
    }

    @Override
    public String host() {
        return "local";
    }

    /**
     * Reads with {@code reader}; when it fails, the rest of the output is drained first, so that
     * the command is not left blocked on a full pipe and its exit status still tells whether it failed.
     */
    private static <T> T read(InputStream stdout, OutputReader<T> reader) {
        try (InputStream in = stdout) {
            try {
                return reader.read(in);
            } catch (BoundedOutput.OutputLimitException e) {
                throw e; // the command is ended: draining it would read what the bound refused
            } catch (IOException | RuntimeException e) {
                new BoundedOutput(in, "", MAX_OUTPUT_BYTES, Long.MAX_VALUE).transferTo(OutputStream.nullOutputStream());
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Process start(List<String> command) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command);
            ZfsLocale.apply(command, builder.environment());
            return builder.start();
        } catch (IOException e) {
            throw new ZfsException(e, "Cannot run '%s': %s. Is ZFS installed and on the PATH?",
                    String.join(" ", command), e.getMessage());
        }
    }

    private static void closeQuietly(java.io.Closeable stream) {
        try {
            stream.close();
        } catch (IOException e) {
            // the process may already be gone; its exit status tells the story
        }
    }

    /** The first {@link #MAX_STDERR_BYTES} of stderr, read to its end; what came so far can be taken at any time. */
    private static final class StderrHead {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private long dropped;

        String read(InputStream stream) {
            byte[] buffer = new byte[8192];
            try (stream) {
                for (int read = stream.read(buffer); read >= 0; read = stream.read(buffer)) {
                    append(buffer, read);
                }
            } catch (IOException e) {
                // closed under us: what came so far is what it said
            }
            return text();
        }

        private synchronized void append(byte[] buffer, int read) {
            int keep = Math.min(read, MAX_STDERR_BYTES - kept.size());
            kept.write(buffer, 0, keep);
            dropped += read - keep;
        }

        synchronized String text() {
            String text = kept.toString(StandardCharsets.UTF_8);
            return dropped == 0 ? text : text + "\n(" + dropped + " more bytes not kept)";
        }
    }

    private static String drain(InputStream stream) {
        try (stream) {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            stream.transferTo(buffer);
            return buffer.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
