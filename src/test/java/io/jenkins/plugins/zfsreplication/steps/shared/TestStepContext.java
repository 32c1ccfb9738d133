package io.jenkins.plugins.zfsreplication.steps.shared;

import com.google.common.util.concurrent.ListenableFuture;
import edu.umd.cs.findbugs.annotations.Nullable;
import hudson.model.Result;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jenkinsci.plugins.workflow.steps.BodyInvoker;
import org.jenkinsci.plugins.workflow.steps.StepContext;

/**
 * A step context that hands out nothing and remembers how the step ended, once: what workflow-cps'
 * context does for these tests (it is written into program.dat with the execution, so it is
 * serializable; the outcome is not kept across that).
 */
final class TestStepContext extends StepContext {
    private static final long serialVersionUID = 1L;
    private transient CompletableFuture<Object> outcome = new CompletableFuture<>();
    private transient int completions;

    @Override
    public <T> T get(Class<T> key) {
        return null;
    }

    @Override
    public synchronized void onSuccess(@Nullable Object result) {
        completions++;
        outcome().complete(result);
    }

    @Override
    public synchronized void onFailure(Throwable t) {
        completions++;
        outcome().completeExceptionally(t);
    }

    private synchronized CompletableFuture<Object> outcome() {
        if (outcome == null) {
            outcome = new CompletableFuture<>(); // read back from program.dat
        }
        return outcome;
    }

    /** How the step ended: its value, or what it failed with; waits up to {@code seconds}. */
    Object awaitOutcome(int seconds) throws InterruptedException {
        try {
            return outcome().get(seconds, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            return e.getCause();
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the step did not end within " + seconds + " s", e);
        }
    }

    boolean ended() {
        return outcome().isDone();
    }

    synchronized int completions() {
        return completions;
    }

    @Override
    public boolean isReady() {
        return true;
    }

    @Override
    public ListenableFuture<Void> saveState() {
        throw new UnsupportedOperationException("not used by the zfs steps");
    }

    @Override
    public void setResult(Result r) {
        throw new UnsupportedOperationException("not used by the zfs steps");
    }

    @Override
    public BodyInvoker newBodyInvoker() {
        throw new UnsupportedOperationException("the zfs steps take no body");
    }

    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }
}
