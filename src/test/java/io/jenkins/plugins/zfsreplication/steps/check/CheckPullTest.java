package io.jenkins.plugins.zfsreplication.steps.check;

import io.jenkins.plugins.zfsreplication.steps.shared.SelectionSettings;
import io.jenkins.plugins.zfsreplication.steps.shared.PullSource;
import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.transfer.SshServer;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * zfsCheck with sourceHost, as zfsSnapshotPlan pulls: the check runs on the backup host's agent and
 * lists the source over ssh with the credential's key and the step's ssh options, against a real
 * sshd on this host's loopback (CheckPullSettingsTest: the fields and what they refuse).
 */
@ExtendWith(ZfsTestBed.class)
class CheckPullTest {
    private static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");

    @Test
    void shouldListTheSourceOverSshWithTheCredentialsKey(TestPools pools, @TempDir Path dir, @TempDir Path workspace)
            throws Exception {
        DatasetName source = pools.create("zpsrc");
        DatasetName target = pools.create("zpdst");
        pools.exec("zfs", "snapshot", source + "@zr-20261205T060000Z");
        List<Process> replication = ProcessBuilder.startPipeline(List.of(
                new ProcessBuilder("zfs", "send", source + "@zr-20261205T060000Z"),
                new ProcessBuilder("zfs", "recv", "-u", target + "/copy")));
        for (Process process : replication) {
            assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
            assertThat(process.exitValue()).isZero();
        }

        try (SshServer sshd = SshServer.onLoopback(dir)) {
            SshKey key = new SshKey("root", sshd.clientPrivateKey());
            CheckSettings settings = new CheckSettings(
                    new SelectionSettings.Datasets(source.name(), false, null, null, null),
                    new SelectionSettings.Target(target + "/copy", ""),
                    new PullSource(sshd.address(), String.join(" ", sshd.hostKeyOptions()), false), "26h", "50h");

            CheckCallable.Summary pulled = new CheckCallable(settings, null, NOW, key).invoke(workspace.toFile(), null);

            assertThat(pulled.status()).as(pulled.firstLine()).isEqualTo("OK");
            assertThat(pulled.datasets()).singleElement().satisfies(dataset -> {
                assertThat(dataset.source()).isEqualTo(source.name());
                assertThat(dataset.commonSnapshot()).isEqualTo("zr-20261205T060000Z");
                assertThat(dataset.commonAge()).isEqualTo(21_600L);
            });
        }
    }
}
