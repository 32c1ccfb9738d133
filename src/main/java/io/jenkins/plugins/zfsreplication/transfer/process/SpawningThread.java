package io.jenkins.plugins.zfsreplication.transfer.process;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The one thread that starts every pipeline stage. A parent-death signal fires when the parent
 * <em>thread</em> ends, not the parent process: a stage started from a pool thread that later
 * retires (an agent's remoting pool, an engine's workers) would be killed with it. This thread
 * lives as long as the JVM, so the signal fires only when the JVM dies. Process-wide by nature,
 * hence static; it holds no state but its thread.
 */
final class SpawningThread {
    private static final ExecutorService THREAD = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "zfsr-spawner");
        thread.setDaemon(true);
        return thread;
    });

    private SpawningThread() {
    }

    /** {@link ProcessBuilder#startPipeline} on the spawning thread; waits for it even when interrupted. */
    static List<Process> startPipeline(List<ProcessBuilder> builders) throws IOException {
        Future<List<Process>> started = THREAD.submit(() -> ProcessBuilder.startPipeline(builders));
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return started.get();
                } catch (InterruptedException e) {
                    // the processes may start regardless: they must come back to a caller that ends them
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof IOException io) {
                        throw io;
                    }
                    if (e.getCause() instanceof RuntimeException runtime) {
                        throw runtime;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
