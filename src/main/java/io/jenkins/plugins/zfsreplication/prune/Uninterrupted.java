package io.jenkins.plugins.zfsreplication.prune;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Runs work that must not be cut halfway to its end, whatever interrupts the caller meanwhile: a
 * destroy, so that what it destroyed is marked in the report. An interrupt kills the command of the
 * thread it reaches ({@code ProcessCommandRunner}), and zfs may have destroyed part of its list by
 * then; so the work runs on a thread of its own, which no interrupt of the caller's reaches, and the
 * caller waits for it, then sets its own interrupt again.
 */
final class Uninterrupted {
    private Uninterrupted() {
    }

    /** Runs {@code work}; its exception is thrown as it was thrown. */
    static void run(Runnable work) {
        FutureTask<Void> task = new FutureTask<>(work, null);
        Thread thread = new Thread(task, "zfsr-uninterrupted");
        thread.setDaemon(true);
        thread.start();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    task.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true; // the work goes on; its own command timeouts bound it
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException failure) {
                        throw failure;
                    }
                    if (e.getCause() instanceof Error error) {
                        throw error;
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
