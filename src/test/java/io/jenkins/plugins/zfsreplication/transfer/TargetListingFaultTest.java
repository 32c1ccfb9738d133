package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A full step to a target that exists (a stale plan), on real zfs-fuse pools, while the check's
 * listing of the target fails for a reason other than "dataset does not exist": the step stops
 * there, and the target is not destroyed. Taken for "absent", the failure let the refused receive
 * be cleaned up as a partial new dataset: {@code zfs destroy} of the existing target.
 */
@ExtendWith(ZfsTestBed.class)
class TargetListingFaultTest {

    @Test
    void shouldStopTheStepAndDestroyNothingWhenListingTheTargetFailsForAnotherReason(TestPools pools) {
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        DatasetName existing = replica.target.resolve("alpha");
        replica.zfs.createFilesystem(existing, Map.of());
        String guid = guidOf(replica.zfs, existing);
        FailingFirstListing runner = new FailingFirstListing(pools.runner(), existing);
        List<String> log = new ArrayList<>();
        TransferEngine engine = new TransferEngine(TransferSetup.zfs(new LocalTransport(), replica.zfs,
                new Zfs(runner), ProcessSite.local(), ProcessSite.local(), StepGate.KEEP_ALL),
                TransferOptions.defaults(), log::add, Clock.systemUTC());

        TransferReport report = engine.run(replica.plan(true, "s1"));

        assertThat(runner.failed).isTrue();
        assertThat(guidOf(replica.zfs, existing)).isEqualTo(guid);
        assertThat(report.steps()).singleElement().satisfies(step -> {
            assertThat(step.outcome()).isEqualTo(StepOutcome.FAILED);
            // zfs follows its one-line complaint with its usage text, which the message carries too
            assertThat(step.message()).startsWith("Cannot list the target " + existing + " (local): 'zfs list -H -o "
                    + "nosuchproperty " + existing + "' failed with exit status 2: bad property list: invalid property "
                    + "'nosuchproperty'\nusage:").endsWith(". Nothing was sent or destroyed");
        });
        assertThat(log).noneMatch(line -> line.contains("discarded the partial receive"));
    }

    private static String guidOf(Zfs zfs, DatasetName dataset) {
        return zfs.list(List.of(dataset), false, List.of()).find(dataset.name()).orElseThrow().guidText();
    }

    /**
     * Runs every command for real, except that the first non-recursive listing of {@code dataset}
     * becomes a real zfs command that fails for another reason than the dataset's absence.
     */
    private static final class FailingFirstListing implements CommandRunner {
        private final CommandRunner delegate;
        private final DatasetName dataset;
        private volatile boolean failed;

        FailingFirstListing(CommandRunner delegate, DatasetName dataset) {
            this.delegate = delegate;
            this.dataset = dataset;
        }

        @Override
        public synchronized CommandResult run(List<String> command, Duration timeout) {
            if (!failed && command.contains("-d") && command.get(command.size() - 1).equals(dataset.name())) {
                failed = true;
                return delegate.run(List.of("zfs", "list", "-H", "-o", "nosuchproperty", dataset.name()), timeout);
            }
            return delegate.run(command, timeout);
        }

        @Override
        public String host() {
            return delegate.host();
        }
    }
}
