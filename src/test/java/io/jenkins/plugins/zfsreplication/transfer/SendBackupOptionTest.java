package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.Capabilities;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import org.junit.jupiter.api.Test;

/** {@code backup}: {@code zfs send -b}, which only the source's zfs needs to know. */
class SendBackupOptionTest {
    private static final Capabilities OPENZFS = new Capabilities("nas", "2.2.2", Set.of(Feature.SEND_BACKUP));
    private static final Capabilities ZFS_FUSE = new Capabilities("old", "unknown", Set.of(Feature.HOLDS));
    private static final SendStep STEP = new SendStep(DatasetName.of("tank/home"), DatasetName.of("backup/home"),
            SendKind.FULL, null, new SnapshotRef("zr-1", 11, 1, 1), null, false, -1);

    @Test
    void shouldTakeBackupByNameAsTheCommandLineAndTheStepWriteIt() {
        assertThat(SendOption.byName(" Backup ")).isEqualTo(SendOption.BACKUP);
        assertThat(new SendOption.Names()).containsExactly("raw", "compressed", "large-blocks", "embedded",
                "properties", "resumable", "no-mount", "backup");
    }

    @Test
    void shouldPutMinusBOnZfsSendAfterTheOtherSendFlagsAndNothingOnZfsRecv() {
        Set<SendOption> used = OptionResolver.resolve(Set.of(SendOption.BACKUP, SendOption.PROPERTIES), OPENZFS,
                OPENZFS).used();

        assertThat(new ZfsStreamCommands().source(STEP, used))
                .containsExactly("zfs", "send", "-p", "-b", "tank/home@zr-1");
        assertThat(new ZfsStreamCommands().sink(STEP, used, TransferOptions.defaults().withMountReceived(true)))
                .containsExactly("zfs", "recv", "backup/home");
    }

    @Test
    void shouldSendToATargetWithoutSendMinusBForTheStreamIsOneAnyReceiverReads() {
        OptionResolver.Resolved resolved = OptionResolver.resolve(Set.of(SendOption.BACKUP), OPENZFS, ZFS_FUSE);

        assertThat(resolved.used()).containsExactly(SendOption.BACKUP);
        assertThat(resolved.dropped()).isEmpty();
    }

    @Test
    void shouldDropItFromASourceWithoutItAndSayWhy() {
        OptionResolver.Resolved resolved = OptionResolver.resolve(Set.of(SendOption.BACKUP), ZFS_FUSE, OPENZFS);

        assertThat(resolved.used()).isEmpty();
        assertThat(resolved.dropped()).containsExactly("option backup (-b) dropped: source old has no send_backup");
    }
}
