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
 */
public final class ProcessCommandRunner implements CommandRunner {

    @Override
    public CommandResult run(List<String> command, Duration timeout) {
        Streamed<String> finished = execute(command, timeout, ProcessCommandRunner::drain, true);
        CommandResult result = finished.result();
        return new CommandResult(command, result.exitStatus(), finished.value(), result.stderr());
    }

    /** Streams stdout to the reader; a failed command's output is not read (it may not be what the reader expects). */
    @Override
    public <T> Streamed<T> stream(List<String> command, Duration timeout, OutputReader<T> reader) {
        return execute(command, timeout, reader, false);
    }

    /** Reads stdout on its own thread while this one waits for the exit (and enforces the timeout). */
    private static <T> Streamed<T> execute(List<String> command, Duration timeout, OutputReader<T> reader,
                                           boolean readOnFailure) {
        Process process = start(command);
        closeQuietly(process); // stdin is not used; closing it means no command waits on it
        String name = command.isEmpty() ? "command" : command.get(0);
        CompletableFuture<String> stderr = onOwnThread(name + "-stderr", () -> drain(process.getErrorStream()));
        CompletableFuture<T> stdout = onOwnThread(name + "-stdout", () -> read(process.getInputStream(), reader));
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new ZfsException("'%s' did not finish within %s and was killed", String.join(" ", command), timeout);
            }
            int exit = process.exitValue();
            T value = exit == 0 || readOnFailure ? stdout.get() : null;
            return new Streamed<>(new CommandResult(command, exit, "", stderr.get()), value);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ZfsException(e, "Interrupted while running '%s'; the command was killed", String.join(" ", command));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ZfsException failure) {
                throw failure;
            }
            throw new ZfsException(e.getCause(), "Could not read the output of '%s'", String.join(" ", command));
        }
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
            } catch (IOException | RuntimeException e) {
                in.transferTo(OutputStream.nullOutputStream());
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Process start(List<String> command) {
        try {
            return new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new ZfsException(e, "Cannot run '%s': %s. Is ZFS installed and on the PATH?",
                    String.join(" ", command), e.getMessage());
        }
    }

    private static void closeQuietly(Process process) {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // the process may already be gone; its exit status tells the story
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
