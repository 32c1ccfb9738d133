package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.steps.shared.SelectionSettings;
import io.jenkins.plugins.zfsreplication.steps.shared.PullSource;
import static org.assertj.core.api.Assertions.assertThat;

import hudson.model.Result;
import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.steps.check.CheckCallable;
import io.jenkins.plugins.zfsreplication.steps.check.CheckSettings;
import io.jenkins.plugins.zfsreplication.steps.shared.RoundTrip;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.steps.views.PlanRecord;
import io.jenkins.plugins.zfsreplication.transfer.SshServer;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestClock;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * zfsSnapshotPlan and zfsCheck pulling from a source over ssh (a real sshd on this host's loopback,
 * real pools) whose datasets say different things of themselves with zfs-replication:backup: its
 * {@code off} leaves a dataset out only with trustSourceOptOut, a value that is neither on nor off
 * needs attention either way, and the build page and the result account for every dataset. The
 * oracle is what the test set on each dataset.
 */
@ExtendWith(ZfsTestBed.class)
class PlanPullAccountingTest {
    private static final String TYPO_REASON = "SKIPPED (" + Selection.PROPERTY + " is 'maybe', not an allowed value"
            + " (on, off, or unset): not sent until it is one of them)";

    @Test
    void shouldTrustThePulledSourcesOptOutOnlyWhenAskedAndCountEveryDataset(TestPools pools, @TempDir Path dir)
            throws Exception {
        DatasetName source = pools.create("posrc");
        DatasetName target = pools.create("podst");
        pools.exec("zfs", "set", "mountpoint=none", target.name());
        for (String child : List.of("keep", "optout", "typo")) {
            pools.exec("zfs", "create", source + "/" + child);
        }
        pools.exec("zfs", "set", Selection.PROPERTY + "=off", source + "/optout");
        pools.exec("zfs", "set", Selection.PROPERTY + "=maybe", source + "/typo");
        // planned at the real clock (the callable's): the snapshot is named two hours before it
        TestClock clock = new TestClock(Instant.now());
        pools.exec("zfs", "snapshot", "-r", source + "@" + clock.hoursAgo(2));

        try (SshServer sshd = SshServer.onLoopback(dir)) {
            SshKey key = new SshKey("root", sshd.clientPrivateKey());
            String ssh = String.join(" ", sshd.hostKeyOptions());

            // not trusted (the default): the source's off is no say over its backup, the dataset is sent
            PlanCallable.Summary untrusted = plan(source, target, "", sshd.address(), ssh, false, key, dir);
            assertThat(untrusted.accounts()).extracting(DatasetAccount::dataset, DatasetAccount::outcome).containsExactly(
                    tuple(source.name(), DatasetOutcome.SENT), tuple(source + "/keep", DatasetOutcome.SENT),
                    tuple(source + "/optout", DatasetOutcome.SENT), tuple(source + "/typo", DatasetOutcome.ATTENTION));
            assertThat(untrusted.accounts().get(2).reason()).contains(Selection.PROPERTY
                    + "=off on the source is not trusted in a pull");
            PlanRecord page = untrusted.record(source.name(), List.of());
            assertThat(page.getAccounting()).isEqualTo("3 to send, 0 already current, "
                    + "0 excluded by the backup host's choice, 1 needs attention");
            assertThat(page.getAttention()).containsExactly(source + "/typo: " + TYPO_REASON);
            assertThat(PlanRunner.result(untrusted)).isSameAs(Result.UNSTABLE);
            assertThat(PlanRunner.attentionLines(untrusted)).containsExactly(
                    "zfsSnapshotPlan: needs attention: " + source + "/typo: " + TYPO_REASON);

            // trusted: the source's off is an exclusion like the backup host's own, and no reason for UNSTABLE
            PlanCallable.Summary trusted = plan(source, target, "", sshd.address(), ssh, true, key, dir);
            assertThat(trusted.accounts()).extracting(DatasetAccount::dataset, DatasetAccount::outcome).containsExactly(
                    tuple(source.name(), DatasetOutcome.SENT), tuple(source + "/keep", DatasetOutcome.SENT),
                    tuple(source + "/optout", DatasetOutcome.EXCLUDED),
                    tuple(source + "/typo", DatasetOutcome.ATTENTION));
            assertThat(trusted.record(source.name(), List.of())
                    .getAccounting()).isEqualTo("2 to send, 0 already current, "
                    + "1 excluded by the backup host's choice, 1 needs attention");

            // the typo excluded by the backup host too: only exclusions left, the build stays SUCCESS
            PlanCallable.Summary excluded = plan(source, target, source + "/typo", sshd.address(), ssh, true, key, dir);
            PlanRecord clean = excluded.record(source.name(), List.of());
            assertThat(clean.getAccounting()).isEqualTo("2 to send, 0 already current, "
                    + "2 excluded by the backup host's choice, 0 needs attention");
            assertThat(clean.getAttention()).isEmpty();
            assertThat(PlanRunner.result(excluded)).isNull();
            assertThat(PlanRunner.attentionLines(excluded)).isEmpty();

            // zfsCheck selects as the plan does: the untrusted off is checked, the trusted one is not
            assertThat(check(source, target, sshd.address(), ssh, false, key, clock, dir))
                    .contains(source + "/optout");
            assertThat(check(source, target, sshd.address(), ssh, true, key, clock, dir))
                    .doesNotContain(source + "/optout");
        }
    }

    private static PlanSettings settings(DatasetName source, DatasetName target, String excludes, String sourceHost,
                                         String ssh, boolean trust) {
        return new PlanSettings(new SelectionSettings.Datasets(source.name(), true, null, excludes, "zr"),
                new SelectionSettings.Target(target + "/copy", ""),
                new PullSource(sourceHost, ssh, trust), false, false);
    }

    private static PlanCallable.Summary plan(DatasetName source, DatasetName target, String excludes,
                                             String sourceHost, String ssh, boolean trust, SshKey key, Path dir)
            throws Exception {
        Path workspace = Files.createTempDirectory(dir, "plan");
        return RoundTrip.of(RoundTrip.of(new PlanCallable(settings(source, target, excludes, sourceHost, ssh, trust),
                null, key)).invoke(workspace.toFile(), null));
    }

    /** The datasets zfsCheck looked at. */
    private static List<String> check(DatasetName source, DatasetName target, String sourceHost, String ssh,
                                      boolean trust, SshKey key, TestClock clock, Path dir) throws Exception {
        Path workspace = Files.createTempDirectory(dir, "check");
        CheckSettings settings = new CheckSettings(
                new SelectionSettings.Datasets(source.name(), true, null, null, "zr"),
                new SelectionSettings.Target(target + "/copy", ""),
                new PullSource(sourceHost, ssh, trust), "26h", "50h");
        return new CheckCallable(settings, null, clock.now(), key).invoke(workspace.toFile(), null).datasets().stream()
                .map(CheckCallable.DatasetAges::source).toList();
    }

    private static org.assertj.core.groups.Tuple tuple(Object... values) {
        return org.assertj.core.groups.Tuple.tuple(values);
    }
}
