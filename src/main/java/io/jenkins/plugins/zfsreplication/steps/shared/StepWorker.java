package io.jenkins.plugins.zfsreplication.steps.shared;

import com.google.common.util.concurrent.FutureCallback;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The thread that runs one zfs step's work off the Pipeline's CPS thread and ends the step with
 * what the work returned or threw: exactly once. Plain Java (the step's context is only the
 * callback), so its stopping is tested with real threads.
 *
 * <p>An abort interrupts the work and lets it finish: the agents' side ends its processes and
 * answers with what it did ({@link AgentCall}, at most {@link AgentCall#ABORT_WAIT}), the runners
 * archive it, add the build page's record, write audit.json (a restore drill also destroys its
 * scratch dataset), and only then does the step end, failed with the abort's cause. Ending the step
 * at the abort itself, as Jenkins' SynchronousNonBlockingStepExecution does, lets the build complete
 * while that work still runs, and what it adds then is lost. A second abort while the work is
 * still cleaning up ends the step at once and interrupts the work again, which stops waiting for
 * the agent: someone who aborts twice wants the build back, and a cleanup hung on an unreachable
 * agent must not keep it.
 */
final class StepWorker {
    private final Thread thread;
    private final FutureCallback<Object> end;
    private final AtomicBoolean ended = new AtomicBoolean();
    private volatile Throwable stopCause;

    private StepWorker(String name, Callable<?> work, FutureCallback<Object> end) {
        this.end = end;
        this.thread = new Thread(() -> run(work), name);
        thread.setDaemon(true);
    }

    /** Starts {@code work} on a thread of its own, named {@code name}; {@code end} hears how it ended. */
    static StepWorker start(String name, Callable<?> work, FutureCallback<Object> end) {
        StepWorker worker = new StepWorker(name, work, end);
        worker.thread.start();
        return worker;
    }

    private void run(Callable<?> work) {
        Object value;
        try {
            value = work.call();
        } catch (Throwable failure) { // everything ends the step, an Error too: the build must not wait forever
            Throwable cause = stopCause;
            if (cause != null && cause != failure) {
                cause.addSuppressed(failure);
            }
            fail(cause == null ? failure : cause);
            return;
        }
        Throwable cause = stopCause;
        if (cause == null) {
            if (ended.compareAndSet(false, true)) {
                end.onSuccess(value);
            }
        } else {
            fail(cause); // the work finished as the abort came: the build is still aborted
        }
    }

    private void fail(Throwable cause) {
        if (ended.compareAndSet(false, true)) {
            end.onFailure(cause);
        }
    }

    /**
     * Stops the work for {@code cause}. The first time, interrupts it and leaves the ending to the
     * work, which cleans up first; a second time, or when the work already ended, ends the step now
     * (if it has not ended yet) and interrupts what is left of the work again.
     */
    void stop(Throwable cause) {
        if (stopCause == null && thread.isAlive()) {
            stopCause = cause;
            thread.interrupt();
            return;
        }
        fail(cause);
        thread.interrupt(); // a wait for the agent's answer stops now; a thread that ended ignores it
    }

    /** True while the work runs (a graceful restart waits for it). */
    boolean running() {
        return !ended.get() && thread.isAlive();
    }

    /** For the Pipeline's thread dump. */
    String status() {
        if (ended.get()) {
            return "ended";
        }
        return stopCause == null ? "running in thread " + thread.getName()
                : "aborted, cleaning up in thread " + thread.getName() + " (abort again to end the step now)";
    }
}
