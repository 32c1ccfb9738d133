package io.jenkins.plugins.zfsreplication.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * SIGINT/SIGTERM end the JVM through its shutdown hooks: this one cancels the running work (a
 * transfer ends every pipeline process; a verify is interrupted, destroys its temporary clone and
 * writes its report; a prune finishes the destroy under way and begins no other) and holds the JVM
 * until the run has recorded where it stopped and cleaned up: what a Jenkins step writes when its
 * build is aborted, from the same engine.
 */
final class CancelOnSignal implements AutoCloseable {
    private final Thread hook;
    private final CountDownLatch finished = new CountDownLatch(1);

    CancelOnSignal(Runnable cancel) {
        hook = new Thread(() -> {
            cancel.run();
            try {
                finished.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "zfsr-cancel-on-signal");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The run is over and its artifacts are written: a signal may end the JVM now. */
    @Override
    public void close() {
        finished.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down already: the hook runs and returns at once
        }
    }
}
