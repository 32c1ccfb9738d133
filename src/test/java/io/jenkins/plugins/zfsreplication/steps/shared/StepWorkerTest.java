package io.jenkins.plugins.zfsreplication.steps.shared;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.AbortException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * How a zfs step ends when it is aborted: driven through {@link ZfsStepExecution} with real
 * threads; the work stands in for a runner (wait for the agent, then archive and record).
 */
class StepWorkerTest {
    private final TestStepContext context = new TestStepContext();
    private final ZfsStepExecution execution = new ZfsStepExecution(context, "zfsSendRecv",
            ProgramDataTest.runners().get("zfsSendRecv ssh"));
    private final List<String> done = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch working = new CountDownLatch(1);
    private final CountDownLatch cleaningUp = new CountDownLatch(1);
    private volatile Thread worker;

    /** Waits for the agent until interrupted, then records what it did (taking {@code cleanupMillis}), then fails. */
    private void startWorkThatCleansUp(CountDownLatch cleanup) throws InterruptedException {
        execution.start(context, () -> {
            worker = Thread.currentThread();
            working.countDown();
            try {
                new CountDownLatch(1).await(); // the agent's work, until the abort
                return null;
            } catch (InterruptedException aborted) {
                cleaningUp.countDown();
                cleanup.await(); // archiving, the build page's record, audit.json
                done.add("recorded");
                throw aborted;
            }
        });
        working.await();
    }

    @Test
    void shouldEndAnAbortedStepOnlyAfterItsWorkHasRecordedWhatItDid() throws Exception {
        CountDownLatch cleanup = new CountDownLatch(1);
        startWorkThatCleansUp(cleanup);
        AbortException cause = new AbortException("aborted by admin");

        execution.stop(cause);
        // the abort reached the work, which is cleaning up: the step has not ended yet
        assertThat(context.ended()).isFalse();
        assertThat(execution.getStatus()).startsWith("aborted, cleaning up in thread zfsSendRecv step");
        assertThat(execution.blocksRestart()).isTrue();
        cleanup.countDown();

        assertThat(context.awaitOutcome(10)).isSameAs(cause);
        assertThat(done).containsExactly("recorded");
        assertThat(cause.getSuppressed()).singleElement().isInstanceOf(InterruptedException.class);
        assertThat(context.completions()).isEqualTo(1);
        assertThat(execution.blocksRestart()).isFalse();
        assertThat(execution.getStatus()).isEqualTo("ended");
    }

    @Test
    void shouldEndTheStepAtOnceWhenAbortedAgainDuringTheCleanup() throws Exception {
        CountDownLatch cleanup = new CountDownLatch(1); // a cleanup hung on an unreachable agent
        startWorkThatCleansUp(cleanup);
        AbortException first = new AbortException("aborted by admin");
        AbortException second = new AbortException("aborted by admin again");

        execution.stop(first);
        cleaningUp.await(); // a second interrupt before the first one is seen would be the same interrupt
        execution.stop(second);

        assertThat(context.awaitOutcome(10)).isSameAs(second);
        // the second abort interrupted the cleanup too (a wait for the agent stops): the worker ends without
        // recording, and the step ended once, with the second abort
        worker.join(10_000);
        assertThat(worker.isAlive()).isFalse();
        assertThat(done).isEmpty();
        assertThat(context.completions()).isEqualTo(1);
    }

    @Test
    void shouldFailAStepAbortedJustAsItsWorkSucceeded() throws Exception {
        CountDownLatch returning = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        execution.start(context, () -> {
            returning.countDown();
            stopped.await(10, TimeUnit.SECONDS); // not interruptible in time: the value is already made
            Thread.interrupted();
            return Map.of("steps", 3);
        });
        returning.await();
        AbortException cause = new AbortException("aborted by admin");

        execution.stop(cause);
        stopped.countDown();

        assertThat(context.awaitOutcome(10)).isSameAs(cause);
    }

    @Test
    void shouldHandTheValueAndTheFailureOfTheWorkToTheStep() throws Exception {
        TestStepContext failing = new TestStepContext();
        ZfsStepExecution failingExecution = new ZfsStepExecution(failing, "zfsVerify",
                ProgramDataTest.runners().get("zfsVerify"));
        AbortException mismatch = new AbortException("zfsVerify: disk.img differs from source.manifest");

        execution.start(context, () -> Map.of("steps", 3));
        failingExecution.start(failing, () -> {
            throw mismatch;
        });

        assertThat(context.awaitOutcome(10)).isEqualTo(Map.of("steps", 3));
        assertThat(failing.awaitOutcome(10)).isSameAs(mismatch);
    }

    @Test
    void shouldSayWhatToDoWhenARestartCutTheStep() {
        assertThat(ZfsStepExecution.cutByRestart("zfsSendRecv")).isInstanceOf(AbortException.class).hasMessage(
                "zfsSendRecv was cut by a restart of the Jenkins controller: its work on the agents was cancelled when "
                        + "their connection to the controller closed, and nothing of it was archived. Run the build "
                        + "again: a zfsSendRecv with options 'resumable' resumes each interrupted receive from the "
                        + "target's resume token, other receives start over.");
    }
}
