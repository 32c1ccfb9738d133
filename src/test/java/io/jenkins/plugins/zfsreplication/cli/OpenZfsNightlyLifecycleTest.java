package io.jenkins.plugins.zfsreplication.cli;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link NightlyLifecycleTest}'s nights on OpenZFS in the guest, ten of them: every event of the
 * twenty on zfs-fuse, closer together, and the retention rules' steady state.
 */
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
