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
 * {@link NightlyLifecycleTest}'s nights on OpenZFS in the guest, eight of them (a night there takes
 * about 40 s): every event of the twenty on zfs-fuse, closer together, and the retention rules'
 * steady state, the target's first pruned on the seventh night.
 */
class OpenZfsNightlyLifecycleTest {
    /**
     * Look 2, rename 3, write 4 (rolled back 5, the night x is destroyed: another dataset), add 6:
     * each event's next night too.
     */
    private static final NightlyLifecycleTest.Schedule EIGHT_NIGHTS = new NightlyLifecycleTest.Schedule(8, 2, 3, 4, 5, 6);

    @Test
    @ExtendWith(OpenZfsTestBed.class)
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void shouldReplicateEightNightsIncrementallyWithTheRulesSnapshots(TestPools pools, @TempDir Path dir)
            throws Exception {
        NightlyLifecycleTest.replicateNights(pools, dir, EIGHT_NIGHTS);
    }
}
