package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * A step whose ssh cannot reach the receiving host (sshd down: ssh exits 255) is tried again after
 * the delay, doubled each time; an sshd back in time lets the retry through, one that stays away
 * fails the step after the last retry. transfer.json records every attempt.
 */
@ExtendWith(ZfsTestBed.class)
class SshRetryTest {
    private static final Duration DELAY = Duration.ofSeconds(1);

    @Test
    void shouldTryAgainWhenSshCannotConnectAndSucceedOnceSshdIsBack(TestPools pools, @TempDir Path dir)
            throws Exception {
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 256 << 10, "s1");
        List<String> log = new CopyOnWriteArrayList<>();
        try (TwoHosts hosts = new TwoHosts(); SshServer sshd = new SshServer(hosts, Files.createDirectories(dir.resolve("sshd")))) {
            TransferEngine engine = engine(replica, hosts, sshd, log, line -> {
                // the first failure is logged before the wait: sshd comes back during it
                if (line.contains("attempt 1 of 3 failed")) {
                    start(sshd);
                }
            });
            sshd.close();

            TransferReport report = engine.run(replica.plan(true, "s1"));

            assertThat(report.succeeded()).as(report.firstError()).isTrue();
            replica.assertReplicated("s1");
            StepResult step = report.steps().get(0);
            assertThat(step.retried()).extracting(StepResult.Attempt::reason, a -> a.waited().toSeconds())
                    .containsExactly(org.assertj.core.api.Assertions.tuple("ssh could not reach the host (exit 255)", 1L));
            assertThat(step.retried().get(0).error()).contains("ssh " + sshd.destination() + " exited 255")
                    .contains("Connection refused");
            JsonNode json = new ObjectMapper().readTree(TransferArtifacts.json(report)).get("steps").get(0);
            assertThat(json.get("attempts").asInt()).isEqualTo(2);
            assertThat(json.get("result").asText()).isEqualTo("ok");
            assertThat(json.get("retried").get(0).get("transient").asText())
                    .isEqualTo("ssh could not reach the host (exit 255)");
            assertThat(json.get("retried").get(0).get("waitSeconds").asLong()).isEqualTo(1);
        }
        assertThat(log).anySatisfy(line -> assertThat(line).endsWith(
                "attempt 1 of 3 failed (ssh could not reach the host (exit 255)); trying again in 1 s"));
        assertThat(Processes.liveChildren()).isEmpty();
    }

    @Test
    void shouldFailTheStepAfterTheLastRetryWaitingTwiceAsLongEachTime(TestPools pools, @TempDir Path dir)
            throws Exception {
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        List<String> log = new CopyOnWriteArrayList<>();
        try (TwoHosts hosts = new TwoHosts(); SshServer sshd = new SshServer(hosts, Files.createDirectories(dir.resolve("sshd")))) {
            TransferEngine engine = engine(replica, hosts, sshd, log, line -> { });
            sshd.close();

            TransferReport report = engine.run(replica.plan(true, "s1"));

            assertThat(report.succeeded()).isFalse();
            StepResult step = report.steps().get(0);
            assertThat(step.outcome()).isEqualTo(StepOutcome.FAILED);
            assertThat(step.message()).contains("exited 255").contains("Connection refused");
            assertThat(step.retried()).extracting(a -> a.waited().toSeconds()).containsExactly(1L, 2L);
            assertThat(pools.exec("zfs", "list", "-H", "-o", "name", "-r", replica.target.name()).stdout()
                    .lines()).containsExactly(replica.target.name());
        }
        assertThat(log).filteredOn(line -> line.contains("trying again")).hasSize(2);
        assertThat(Processes.liveChildren()).isEmpty();
    }

    private static TransferEngine engine(Replica replica, TwoHosts hosts, SshServer sshd, List<String> log,
                                         java.util.function.Consumer<String> watch) {
        SshTransport transport = new SshTransport(sshd.destination(), sshd.clientOptions());
        return new TransferEngine(TransferSetup.zfs(transport, replica.zfs, replica.zfs, hosts.senderLauncher(),
                ProcessSite.local(), StepGate.KEEP_ALL),
                TransferOptions.defaults().withRetry(new RetryPolicy(2, DELAY))
                        .withTimes(Duration.ofMillis(200), Duration.ofSeconds(10), Duration.ofSeconds(10)),
                line -> {
                    log.add(line);
                    watch.accept(line);
                }, Clock.systemUTC());
    }

    private static void start(SshServer sshd) {
        try {
            sshd.start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
