package io.jenkins.plugins.zfsreplication.steps.shared;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.AbortException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The controller's side of an aborted agent call with real threads: the bounded wait for the answer
 * after the abort, what ends it early (a second abort), what ends it late (no answer in time), and
 * the work's own failure. The answer itself, from real work on real pools, is tested per step
 * ({@link StepAbort}).
 */
class AgentCallTest {
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final CompletableFuture<AgentCall.Answer<String>> call = new CompletableFuture<>();
    private final AtomicReference<Object> ended = new AtomicReference<>();
    private final CountDownLatch waiting = new CountDownLatch(1);

    /** The step's worker, waiting for the agent's answer, at most {@code wait} after an abort. */
    private Thread worker(Duration wait) {
        Thread thread = new Thread(() -> {
            waiting.countDown();
            try {
                ended.set(AgentCall.await("zfsSendRecv", call, wait, new PrintStream(log, true, StandardCharsets.UTF_8)));
            } catch (Exception e) {
                ended.set(e);
            }
        });
        thread.start();
        return thread;
    }

    @Test
    void shouldTakeTheAnswerThatComesAfterTheAbortAndMarkItAborted() throws Exception {
        Thread worker = worker(Duration.ofMinutes(2));
        waiting.await();

        worker.interrupt(); // the abort
        Thread.sleep(200);
        call.complete(new AgentCall.Answer<>("what the agent did", false));
        worker.join(10_000);

        assertThat(ended.get()).isEqualTo(new AgentCall.Answer<>("what the agent did", true));
        assertThat(log.toString(StandardCharsets.UTF_8)).isEqualTo("zfsSendRecv: aborted: waiting up to 120 s for the "
                + "agent to end the work and say what it did (abort again to stop waiting)\n");
    }

    @Test
    void shouldStopWaitingAtASecondAbortAndCancelTheCall() throws Exception {
        Thread worker = worker(Duration.ofMinutes(2));
        waiting.await();

        worker.interrupt();
        Thread.sleep(200);
        worker.interrupt(); // aborted again
        worker.join(10_000);

        assertThat(ended.get()).isInstanceOf(InterruptedException.class).extracting(e -> ((Exception) e).getMessage())
                .isEqualTo("zfsSendRecv: aborted again: stopped waiting for the agent; nothing of the work was archived");
        assertThat(call.isCancelled()).isTrue();
    }

    @Test
    void shouldGiveUpAfterTheWaitWhenTheAgentDoesNotAnswer() throws Exception {
        Thread worker = worker(Duration.ofSeconds(1));
        waiting.await();

        worker.interrupt();
        worker.join(10_000);

        assertThat(ended.get()).isInstanceOf(InterruptedException.class).extracting(e -> ((Exception) e).getMessage())
                .isEqualTo("zfsSendRecv: the agent did not end the work within 1 s of the abort: nothing of it was "
                        + "archived; it may still be running there");
        assertThat(call.isCancelled()).isTrue();
    }

    @Test
    void shouldFailAsTheWorkFailedWhetherAbortedOrNot() throws Exception {
        Thread worker = worker(Duration.ofMinutes(2));
        waiting.await();

        call.completeExceptionally(new AbortException("zfsSendRecv: No plan at plan.json"));
        worker.join(10_000);

        assertThat(ended.get()).isInstanceOf(AbortException.class).extracting(e -> ((Exception) e).getMessage())
                .isEqualTo("zfsSendRecv: No plan at plan.json");
    }
}
