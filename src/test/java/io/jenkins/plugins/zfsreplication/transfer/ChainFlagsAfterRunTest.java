package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

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
 * On zfs-fuse (no {@code zfs recv -o}) the chains a run starts have their send flags recorded after
 * the run's last receive, one {@code zfs set} for all of one value, on real pools. A later step of
 * the same run takes its chain's flags from what is to be recorded, not from the target (where they
 * are not yet); where zfs refuses the batch, each target is set alone and only the one refused
 * fails, with zfs's reason, its copy left unrecorded.
 */
@ExtendWith(ZfsTestBed.class)
class ChainFlagsAfterRunTest {
    private static final String FLAGS = ChainFlags.PROPERTY;

    @Test
    void shouldRecordTheNewChainsInOneSetAndFailOnlyTheTargetZfsRefuses(TestPools pools) {
        Replica replica = new Replica(pools, List.of("alpha", "beta"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        replica.writeAndSnapshot("two.bin", 32 << 10, "s2");
        DatasetName alpha = replica.target.resolve("alpha");
        DatasetName beta = replica.target.resolve("beta");
        RefusingSet runner = new RefusingSet(pools.runner(), beta);
        List<String> log = new CopyOnWriteArrayList<>();
        TransferEngine engine = new TransferEngine(TransferSetup.zfs(new LocalTransport(), replica.zfs,
                new Zfs(runner), ProcessSite.local(), ProcessSite.local(), StepGate.KEEP_ALL),
                TransferOptions.defaults(), log::add, Clock.systemUTC());

        // each dataset: a full send of s1 (a new chain), then -i s1 s2 in the same run
        TransferReport report = engine.run(replica.plan(true, "s1", "s2"));

        assertThat(runner.sets).containsExactly(
                List.of("zfs", "set", FLAGS + "=none", alpha.name(), beta.name()),
                List.of("zfs", "set", FLAGS + "=none", alpha.name()),
                List.of("zfs", "set", FLAGS + "=none", beta.name()));
        assertThat(recorded(pools, alpha)).isEqualTo("none\tlocal");
        assertThat(recorded(pools, beta)).isEqualTo("-\t-");
        assertThat(report.steps()).extracting(step -> step.step().target() + " " + step.step().to().name() + " "
                + step.outcome()).containsExactly(alpha + " s1 OK", alpha + " s2 OK", beta + " s1 OK",
                beta + " s2 FAILED");
        assertThat(report.steps().get(3).message()).startsWith(beta + ": could not record the send flags of its chain ("
                + FLAGS + "): 'zfs set " + FLAGS + "=none " + replica.target.resolve("nosuch") + "' failed")
                .contains("dataset does not exist");
        // the incremental steps knew their chain's flags: none was read from the targets or set there alone
        assertThat(log).noneMatch(line -> line.contains("were not recorded"));
        assertThat(runner.reads).isEmpty();
        replica.assertReplicated("s1", "s2");
    }

    /**
     * A run whose one full step fails (its snapshot destroyed after the plan: nothing received, its
     * copy absent) while the other receives: the listing after the run of every target's tree fails
     * for the absent one, and the delivered copy is listed alone: its step stays OK, its chain recorded.
     */
    @Test
    void shouldCheckWhatArrivedWhenAnotherFullStepLeftNoCopy(TestPools pools) {
        Replica replica = new Replica(pools, List.of("alpha", "beta"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        DatasetName alpha = replica.target.resolve("alpha");
        var plan = replica.plan(true, "s1");
        pools.exec("zfs", "destroy", replica.source.resolve("beta").snapshot("s1").toString());
        List<String> log = new CopyOnWriteArrayList<>();
        TransferEngine engine = new TransferEngine(TransferSetup.zfs(new LocalTransport(), replica.zfs, replica.zfs,
                ProcessSite.local(), ProcessSite.local(), StepGate.KEEP_ALL), TransferOptions.defaults(), log::add,
                Clock.systemUTC());

        TransferReport report = engine.run(plan);

        assertThat(report.steps()).extracting(step -> step.step().target() + " " + step.outcome())
                .containsExactly(alpha + " OK", replica.target.resolve("beta") + " FAILED");
        assertThat(report.steps().get(1).message()).startsWith("The plan is stale: snapshot "
                + replica.source.resolve("beta").snapshot("s1"));
        assertThat(replica.snapshotsWithGuids(replica.target, "alpha")).hasSize(1);
        assertThat(recorded(pools, alpha)).isEqualTo("none\tlocal");
        assertThat(log).noneMatch(line -> line.contains("could not list the copies"));
    }

    private static String recorded(TestPools pools, DatasetName dataset) {
        return pools.exec("zfs", "get", "-H", "-o", "value,source", FLAGS, dataset.name()).stdout().strip();
    }

    /**
     * Runs every command for real, except that a {@code zfs set} of the send flags naming {@code
     * refused} becomes a real zfs set that fails (of a dataset that does not exist). Keeps the send
     * flags' sets and reads it saw.
     */
    private static final class RefusingSet implements CommandRunner {
        private final CommandRunner delegate;
        private final DatasetName refused;
        final List<List<String>> sets = new CopyOnWriteArrayList<>();
        final List<List<String>> reads = new CopyOnWriteArrayList<>();

        RefusingSet(CommandRunner delegate, DatasetName refused) {
            this.delegate = delegate;
            this.refused = refused;
        }

        @Override
        public CommandResult run(List<String> command, Duration timeout) {
            boolean flags = command.stream().anyMatch(argument -> argument.startsWith(FLAGS));
            if (flags && command.get(1).equals("set")) {
                sets.add(List.copyOf(command));
                if (command.contains(refused.name())) {
                    return delegate.run(List.of("zfs", "set", FLAGS + "=none",
                            DatasetName.of(refused.pool()).resolve("nosuch").name()), timeout);
                }
            } else if (flags) {
                reads.add(List.copyOf(command));
            }
            return delegate.run(command, timeout);
        }

        @Override
        public String host() {
            return delegate.host();
        }
    }
}
