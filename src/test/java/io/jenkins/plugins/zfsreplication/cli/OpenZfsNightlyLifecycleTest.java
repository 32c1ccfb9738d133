package io.jenkins.plugins.zfsreplication.cli;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * {@link NightlyLifecycleTest}'s nights on OpenZFS in the guest, ten of them: every event of the
 * twenty on zfs-fuse, closer together, and the retention rules' steady state. Over ssh into an
 * emulated machine they take about six minutes, spent mostly waiting on the guest, so this class runs
 * alongside the others (every other class runs one at a time, see junit-platform.properties): the
 * tests that look at this JVM's processes leave out the ssh clients into the guest
 * ({@code zfs.TestProcesses}), and the nights' lines are never printed into another test's capture.
 */
@Execution(ExecutionMode.CONCURRENT)
class OpenZfsNightlyLifecycleTest {
    /** Look 3, rename 4, write 5 (rolled back 6), destroy 7, add 8: each event's next night too. */
    private static final NightlyLifecycleTest.Schedule TEN_NIGHTS = new NightlyLifecycleTest.Schedule(10, 3, 4, 5, 7, 8);

    @Test
    @ExtendWith(OpenZfsTestBed.class)
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void shouldReplicateTenNightsIncrementallyWithTheRulesSnapshots(TestPools pools, @TempDir Path dir)
            throws Exception {
        NightlyLifecycleTest.replicateNights(pools, dir, TEN_NIGHTS);
    }
}
