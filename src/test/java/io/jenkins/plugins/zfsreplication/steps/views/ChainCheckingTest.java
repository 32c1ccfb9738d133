package io.jenkins.plugins.zfsreplication.steps.views;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.audit.ChainReport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The job page's chain check runs once for parallel requests, and again only when stale or other builds. */
class ChainCheckingTest {
    private static final List<Long> BUILDS = List.of(12L, 11L, 10L);
    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
    private static final Duration FRESH = Duration.ofMinutes(10);

    @Test
    void shouldComputeOnceWhileParallelRequestsWaitForItsReport() throws Exception {
        ChainChecking checking = new ChainChecking();
        int requests = 8;
        AtomicInteger computed = new AtomicInteger();
        ChainReport intact = new ChainReport(true, "intact", 0);
        ExecutorService pool = Executors.newFixedThreadPool(requests);
        try {
            List<Future<ChainReport>> answers = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                answers.add(pool.submit(() -> checking.report(BUILDS, NOW, FRESH, () -> {
                    computed.incrementAndGet();
                    // the computation ends only once every other request is waiting for it
                    while (checking.waiting() < requests - 1) {
                        Thread.onSpinWait();
                    }
                    return intact;
                })));
            }
            for (Future<ChainReport> answer : answers) {
                assertThat(answer.get()).isSameAs(intact);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(computed).hasValue(1);
    }

    @Test
    void shouldComputeAgainForOtherBuildsOrOnceStale() throws Exception {
        ChainChecking checking = new ChainChecking();
        AtomicInteger computed = new AtomicInteger();
        ChainChecking.Check check = () -> new ChainReport(true, "check " + computed.incrementAndGet(), 0);

        assertThat(checking.report(BUILDS, NOW, FRESH, check).line()).isEqualTo("check 1");
        assertThat(checking.report(BUILDS, NOW.plus(FRESH).minusSeconds(1), FRESH, check).line()).isEqualTo("check 1");
        assertThat(checking.report(List.of(13L, 12L, 11L), NOW, FRESH, check).line()).isEqualTo("check 2");
        assertThat(checking.report(List.of(13L, 12L, 11L), NOW.plus(FRESH), FRESH, check).line()).isEqualTo("check 3");
    }
}
