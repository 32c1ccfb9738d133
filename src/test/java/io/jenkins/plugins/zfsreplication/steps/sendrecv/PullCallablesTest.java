package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.shared.SelectionSettings;
import io.jenkins.plugins.zfsreplication.steps.shared.PullSource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import hudson.AbortException;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanCallable;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanSettings;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.transfer.SshServer;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pull as the Jenkins steps run it on the backup host's agent: zfsSnapshotPlan's and zfsSendRecv's
 * callables with {@code sourceHost}, the credential's key handed to ssh, against a real sshd (its
 * own keys, on this host's loopback: the callables start their processes in this namespace). The
 * source's zfs runs behind ssh, the target's here.
 */
@ExtendWith(ZfsTestBed.class)
class PullCallablesTest {
    private static final List<String> SNAPSHOTS = List.of("zr-20261201T010000Z", "zr-20261201T020000Z");

    @Test
    void shouldPlanAndPullFromTheSourceOverSshWithTheCredentialsKey(TestPools pools, @TempDir Path dir,
                                                                     @TempDir Path workspace) throws Exception {
        DatasetName source = pools.create("plsrc");
        DatasetName target = pools.create("pldst");
        pools.exec("zfs", "set", "mountpoint=none", target.name());
        Files.write(pools.mountpoint(source).resolve("data.bin"), new byte[300 << 10]);
        SNAPSHOTS.forEach(s -> pools.exec("zfs", "snapshot", source + "@" + s));
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        try (SshServer sshd = SshServer.onLoopback(dir)) {
            SshKey key = new SshKey("root", sshd.clientPrivateKey());
            String sshOptions = String.join(" ", sshd.hostKeyOptions());
            PlanSettings plan = new PlanSettings(new SelectionSettings.Datasets(source.name(), false, null, null, "zr"),
                    new SelectionSettings.Target(target + "/copy", ""),
                    new PullSource(sshd.address(), sshOptions, false), false, false);

            PlanCallable.Summary planned = new PlanCallable(plan, null, key).invoke(workspace.toFile(), null);
            assertThat(planned.summary()).isEqualTo("1 dataset(s): 1 to send in 2 step(s), 0 need attention");
            ReplicationPlan written = PlanJson.read(workspace.resolve("plan.json"));
            assertThat(written.sourceHost()).isEqualTo("root@" + sshd.address());
            assertThat(written.targetHost()).isEqualTo("local");

            // the pulled plan from this agent's own pools, or pulled from another host: refused, nothing received
            assertThatThrownBy(() -> new SendRecvCallable(fields("", sshOptions).settings(StepDefaults.BUILT_IN),
                    listener(log), key).invoke(workspace.toFile(), null)).isInstanceOf(AbortException.class)
                    .hasMessage("zfsSendRecv: plan.json was planned by pulling from 'root@" + sshd.address() + "': give "
                            + "sourceHost: '" + sshd.address() + "' to pull, or plan on the source's agent; nothing was "
                            + "sent");
            assertThatThrownBy(() -> new SendRecvCallable(fields("other.example.org", sshOptions)
                    .settings(StepDefaults.BUILT_IN), listener(log), key).invoke(workspace.toFile(), null))
                    .isInstanceOf(AbortException.class)
                    .hasMessageStartingWith("zfsSendRecv: plan.json lists the datasets of host 'root@" + sshd.address()
                            + "', not of sourceHost 'other.example.org'");
            assertThat(pools.exec("zfs", "list", "-H", "-o", "name", "-r", target.name()).stdout().strip())
                    .isEqualTo(target.name());
            assertThat(workspace.resolve("out")).doesNotExist();

            SendRecvSettings pull = fields(sshd.address(), sshOptions).settings(StepDefaults.BUILT_IN);
            assertThat(pull.transport()).isEqualTo("local");
            SendRecvSummary summary = new SendRecvCallable(pull, listener(log), key).invoke(workspace.toFile(), null);

            assertThat(summary.succeeded()).as(summary.firstError()).isTrue();
            assertThat(summary.counts().steps()).isEqualTo(2);
        }
        // exactly the source's snapshots, the same GUIDs: received here from the source behind ssh
        assertThat(TestApply.snapshots(pools, target + "/copy")).isEqualTo(TestApply.snapshots(pools, source.name()))
                .extracting(line -> line.split(" ")[0]).containsExactlyElementsOf(SNAPSHOTS);
        // zfs send and its compressor ran behind ssh with the credential's key as its only identity, in batch mode
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("ssh -o BatchMode=yes").contains("IdentitiesOnly=yes")
                .contains("'zfs' 'send'").contains(" zfs recv ");
    }

    @Test
    void shouldRefuseASourceWhoseHostKeyTheAgentDoesNotKnow(TestPools pools, @TempDir Path dir, @TempDir Path workspace)
            throws Exception {
        DatasetName source = pools.create("pksrc");
        DatasetName target = pools.create("pkdst");
        pools.exec("zfs", "snapshot", source + "@" + SNAPSHOTS.get(0));
        Path unknown = Files.createFile(dir.resolve("no_known_hosts"));

        try (SshServer sshd = SshServer.onLoopback(Files.createDirectories(dir.resolve("sshd")))) {
            SshKey key = new SshKey("root", sshd.clientPrivateKey());
            // the port, and a known_hosts without the source's key; no StrictHostKeyChecking given: ssh's own default
            String sshOptions = String.join(" ", sshd.hostKeyOptions().get(0), sshd.hostKeyOptions().get(1),
                    "-o", "UserKnownHostsFile=" + unknown);
            PlanSettings plan = new PlanSettings(new SelectionSettings.Datasets(source.name(), false, null, null, "zr"),
                    new SelectionSettings.Target(target + "/copy", ""),
                    new PullSource(sshd.address(), sshOptions, false), false, false);

            assertThatThrownBy(() -> new PlanCallable(plan, null, key).invoke(workspace.toFile(), null))
                    .isInstanceOf(AbortException.class).hasMessageContaining("Host key verification failed");
        }
        assertThat(Files.exists(workspace.resolve("plan.json"))).isFalse();
        assertThat(pools.exec("zfs", "list", "-H", "-o", "name", "-r", target.name()).stdout().strip())
                .isEqualTo(target.name());
    }

    /** zfsSendRecv as a Jenkinsfile would give it: zstd, a 1M buffer, no retries; {@code sourceHost} "" to push. */
    private static ZfsSendRecvStep fields(String sourceHost, String sshOptions) {
        ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");
        step.setSourceHost(sourceHost);
        step.setSshOptions(sshOptions);
        step.setCompression("zstd");
        step.setBuffer("1M");
        step.setArtifacts("out");
        step.setRetries(0);
        step.setRetryDelay(1);
        return step;
    }

    private static TaskListener listener(ByteArrayOutputStream log) {
        PrintStream stream = new PrintStream(log, true, StandardCharsets.UTF_8);
        return () -> stream;
    }
}
