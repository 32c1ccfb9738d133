package io.jenkins.plugins.zfsreplication.steps.shared;

import hudson.AbortException;
import hudson.FilePath;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * A step's agent call, aborted, as a Pipeline runs it: the step's work on its {@link StepWorker}
 * ({@link ZfsStepExecution#start}), waiting in {@link AgentCall#await} for the answer of the
 * callable, which runs on a thread of its own as remoting's executor runs it on the agent
 * ({@link AgentCall.Ending} around it, its answer serialized back). The abort is what a build's
 * stop button does: {@link ZfsStepExecution#stop} interrupts the step's worker, and the agent's
 * thread is interrupted, as remoting's cancel does (the future of {@code Request.callAsync} sends it
 * when the {@code get()} waiting for it is interrupted, and still takes the answer). After the
 * answer, {@code runner} does what the step's runner does with it (on the controller: archive,
 * record) and returns the record; then the answer ends the step as aborted.
 */
public final class StepAbort<T> {
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final TestStepContext context = new TestStepContext();
    private final ZfsStepExecution execution;
    private final Thread agent;
    private final AtomicReference<AgentCall.Answer<T>> answer = new AtomicReference<>();
    private final AtomicReference<Object> record = new AtomicReference<>();

    private StepAbort(String step, FilePath.FileCallable<T> work, Path workspace,
                      Function<AgentCall.Answer<T>, Object> runner) throws InterruptedException {
        CompletableFuture<AgentCall.Answer<T>> answered = new CompletableFuture<>();
        AgentCall.Ending<T> ending = new AgentCall.Ending<>(work);
        agent = new Thread(() -> {
            try {
                answered.complete(RoundTrip.of(ending.invoke(workspace.toFile(), null)));
            } catch (Throwable e) {
                answered.completeExceptionally(e);
            }
        }, step + " on the agent");
        execution = new ZfsStepExecution(context, step, ProgramDataTest.runners().get("zfsSendRecv ssh"));
        PrintStream printed = new PrintStream(log, true, StandardCharsets.UTF_8);
        agent.start();
        execution.start(context, () -> {
            AgentCall.Answer<T> got = AgentCall.await(step, answered, AgentCall.ABORT_WAIT, printed);
            answer.set(got);
            record.set(runner.apply(got));
            got.endIfAborted(step + " was aborted");
            return null;
        });
    }

    /** Starts {@code work} in {@code workspace} as the step {@code step} would, {@code runner} standing in for the rest. */
    public static <T> StepAbort<T> start(String step, FilePath.FileCallable<T> work, Path workspace,
                                         Function<AgentCall.Answer<T>, Object> runner) throws InterruptedException {
        return new StepAbort<>(step, work, workspace, runner);
    }

    /** Waits (at most {@code limit}) until {@code busy}, then aborts the step; the step's outcome: the abort's cause. */
    public Object abortWhen(BooleanSupplier busy, Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (!busy.getAsBoolean()) {
            if (System.nanoTime() > end || !agent.isAlive()) {
                throw new AssertionError("the work never got busy; its log: " + log());
            }
            Thread.sleep(50);
        }
        AbortException cause = new AbortException("aborted by admin");
        execution.stop(cause);
        agent.interrupt(); // remoting's cancel, sent as the worker's wait is interrupted
        Object outcome = context.awaitOutcome(150);
        agent.join(10_000);
        if (agent.isAlive()) {
            throw new AssertionError("the agent's side still runs after the step ended");
        }
        return outcome;
    }

    /** What the step's worker got from the agent (null when it got nothing). */
    public AgentCall.Answer<T> answer() {
        return answer.get();
    }

    /** What {@code runner} made of the answer. */
    public Object record() {
        return record.get();
    }

    /** The step's lines of the build log. */
    public String log() {
        return log.toString(StandardCharsets.UTF_8);
    }

    /** The thread dump's status of the step, as Jenkins shows it. */
    public String status() {
        return execution.getStatus();
    }
}
