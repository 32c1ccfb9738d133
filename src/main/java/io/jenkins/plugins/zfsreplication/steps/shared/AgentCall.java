package io.jenkins.plugins.zfsreplication.steps.shared;

import hudson.AbortException;
import hudson.FilePath;
import hudson.model.TaskListener;
import hudson.remoting.Callable;
import hudson.remoting.VirtualChannel;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Serializable;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import jenkins.MasterToSlaveFileCallable;
import jenkins.security.MasterToSlaveCallable;

/**
 * A step's call to an agent that an abort interrupts without losing the agent's answer: the work
 * there ends (its processes, its threads), writes what it did, and answers with it; the step then
 * archives and records that answer before it ends.
 *
 * <p>A plain {@code FilePath.act} or {@code VirtualChannel.call} cannot do that: interrupted, it
 * sends the agent a cancel and throws at once, and the answer that comes later is dropped. The
 * asynchronous call's future keeps it: remoting's {@code Request.callAsync} future, when the thread
 * waiting in its {@code get()} is interrupted, sends the same cancel (the agent's thread is
 * interrupted) without cancelling the future, so a second {@code get} still receives the answer.
 * That second wait is bounded by {@link #ABORT_WAIT}; interrupted again (a second abort), it stops
 * waiting at once. Where the work runs in this JVM (a workspace on the controller), it runs on the
 * calling thread, which the abort interrupts directly.
 */
public final class AgentCall {
    /** How long an aborted step waits for its agent to end the work and answer. */
    public static final Duration ABORT_WAIT = Duration.ofMinutes(2);

    private AgentCall() {
    }

    /**
     * What the agent's work returned, and whether the step was aborted while it ran (the agent saw
     * the interrupt, or the controller did).
     */
    public record Answer<T>(T value, boolean aborted) implements Serializable {
        private static final long serialVersionUID = 1L;

        /**
         * Ends the step as aborted when it was (an {@link InterruptedException} with {@code what}),
         * else does nothing: called once the answer is archived and recorded.
         */
        public void endIfAborted(String what) throws InterruptedException {
            if (aborted) {
                throw new InterruptedException(what);
            }
        }
    }

    /** Runs {@code work} on the agent that holds {@code workspace}; {@code step} names the step in the log. */
    public static <T> Answer<T> act(String step, FilePath workspace, FilePath.FileCallable<T> work,
                                    TaskListener listener) throws IOException, InterruptedException {
        Ending<T> ending = new Ending<>(work);
        if (!workspace.isRemote()) {
            return workspace.act(ending);
        }
        return await(step, workspace.actAsync(ending), ABORT_WAIT, listener.getLogger());
    }

    /** Runs {@code work} on the node {@code node} is a path of (another agent than the workspace's). */
    public static <T> Answer<T> call(String step, FilePath node, Callable<T, IOException> work, TaskListener listener)
            throws IOException, InterruptedException {
        EndingCall<T> ending = new EndingCall<>(work);
        if (!node.isRemote()) {
            return ending.call();
        }
        return await(step, node.getChannel().callAsync(ending), ABORT_WAIT, listener.getLogger());
    }

    /**
     * The answer of a running call. Interrupted (the abort), waits at most {@code wait} more for it;
     * the answer is then marked aborted. Past that wait, or interrupted again, the call is cancelled
     * and the step ends without it. A failure of the work is thrown as the work threw it.
     */
    static <T> Answer<T> await(String step, Future<Answer<T>> call, Duration wait, PrintStream log)
            throws IOException, InterruptedException {
        try {
            return get(call, -1);
        } catch (InterruptedException abort) {
            log.printf("%s: aborted: waiting up to %d s for the agent to end the work and say what it did "
                    + "(abort again to stop waiting)%n", step, wait.toSeconds());
            try {
                return new Answer<>(get(call, wait.toNanos()).value(), true);
            } catch (TimeoutException e) {
                call.cancel(true);
                throw interrupted(abort, step + ": the agent did not end the work within " + wait.toSeconds()
                        + " s of the abort: nothing of it was archived; it may still be running there");
            } catch (InterruptedException again) {
                call.cancel(true);
                throw interrupted(again, step + ": aborted again: stopped waiting for the agent; nothing of the "
                        + "work was archived");
            }
        } catch (TimeoutException e) {
            throw new IllegalStateException("no time limit was set", e);
        }
    }

    /** The answer, waiting at most {@code nanos} (negative: as long as it takes). */
    private static <T> Answer<T> get(Future<Answer<T>> call, long nanos)
            throws IOException, InterruptedException, TimeoutException {
        Answer<T> answer;
        try {
            answer = nanos < 0 ? call.get() : call.get(nanos, TimeUnit.NANOSECONDS);
        } catch (CancellationException e) {
            throw interrupted(null, "the agent's work was cancelled");
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        }
        if (answer == null) {
            throw new AbortException("the agent answered nothing");
        }
        return answer;
    }

    /** The work's failure as it was thrown there: the step fails with its message. */
    private static IOException rethrown(Throwable failure) throws InterruptedException {
        if (failure instanceof IOException io) {
            return io;
        }
        if (failure instanceof InterruptedException interrupted) {
            throw interrupted;
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IOException(failure);
    }

    private static InterruptedException interrupted(InterruptedException cause, String message) {
        InterruptedException ended = new InterruptedException(message);
        if (cause != null) {
            ended.initCause(cause);
        }
        return ended;
    }

    /**
     * Runs the work where the file is and answers with what it returned and whether the thread was
     * interrupted meanwhile (the flag is cleared: the answer carries it).
     */
    static final class Ending<T> extends MasterToSlaveFileCallable<Answer<T>> {
        private static final long serialVersionUID = 1L;
        private final FilePath.FileCallable<T> work;

        Ending(FilePath.FileCallable<T> work) {
            this.work = work;
        }

        @Override
        public Answer<T> invoke(File file, VirtualChannel channel) throws IOException, InterruptedException {
            T value = work.invoke(file, channel);
            return new Answer<>(value, Thread.interrupted());
        }
    }

    /** {@link Ending} for work that needs no file. */
    static final class EndingCall<T> extends MasterToSlaveCallable<Answer<T>, IOException> {
        private static final long serialVersionUID = 1L;
        private final Callable<T, IOException> work;

        EndingCall(Callable<T, IOException> work) {
            this.work = work;
        }

        @Override
        public Answer<T> call() throws IOException {
            T value = work.call();
            return new Answer<>(value, Thread.interrupted());
        }
    }
}
