package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.Capabilities;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import org.junit.jupiter.api.Test;

class ReceiveNoMountTest {
    private static final Capabilities OPENZFS = new Capabilities("nas", "2.2.2",
            Set.of(Feature.RECEIVE_NO_MOUNT, Feature.RESUME_TOKENS));
    private static final Capabilities ZFS_FUSE = new Capabilities("old", "unknown", Set.of(Feature.HOLDS));
    private static final SendStep STEP = new SendStep(DatasetName.of("tank/home"), DatasetName.of("backup/home"),
            SendKind.FULL, null, new SnapshotRef("zr-1", 11, 1, 1), null, false, -1);

    @Test
    void shouldReceiveWithoutMountingUnlessTheRunMounts() {
        TransferOptions options = TransferOptions.defaults();

        assertThat(options.requested()).containsExactly(SendOption.NO_MOUNT);
        assertThat(options.withMountReceived(true).requested()).isEmpty();
        assertThat(options.withRequested(Set.of(SendOption.RESUMABLE)).requested())
                .containsExactlyInAnyOrder(SendOption.RESUMABLE, SendOption.NO_MOUNT);
    }

    @Test
    void shouldPutMinusUOnZfsRecvOnlyWhereTheTargetHasItWhateverTheSourceIs() {
        TransferOptions options = TransferOptions.defaults().withRequested(Set.of(SendOption.RESUMABLE));
        OptionResolver.Resolved toOpenZfs = OptionResolver.resolve(options.requested(), OPENZFS, OPENZFS);
        OptionResolver.Resolved fromZfsFuse = OptionResolver.resolve(options.requested(), ZFS_FUSE, OPENZFS);

        assertThat(new ZfsStreamCommands().sink(STEP, toOpenZfs.used(), options))
                .containsExactly("zfs", "recv", "-s", "-u", "backup/home");
        assertThat(new ZfsStreamCommands().source(STEP, toOpenZfs.used()))
                .containsExactly("zfs", "send", "tank/home@zr-1");
        assertThat(fromZfsFuse.used()).containsExactly(SendOption.NO_MOUNT);
        assertThat(new ZfsStreamCommands().sink(STEP, fromZfsFuse.used(), options))
                .containsExactly("zfs", "recv", "-u", "backup/home");
    }

    @Test
    void shouldDropMinusUOnATargetWithoutItAndSayWhy() {
        OptionResolver.Resolved resolved = OptionResolver.resolve(TransferOptions.defaults().requested(), OPENZFS,
                ZFS_FUSE);

        assertThat(resolved.used()).isEmpty();
        assertThat(resolved.dropped()).containsExactly(
                "option no-mount (-u) dropped: target old has no receive_no_mount");
        assertThat(new ZfsStreamCommands().sink(STEP, resolved.used(), TransferOptions.defaults()))
                .containsExactly("zfs", "recv", "backup/home");
    }

    @Test
    void shouldLetTheRunMountWhenAsked() {
        TransferOptions options = TransferOptions.defaults().withMountReceived(true);
        OptionResolver.Resolved resolved = OptionResolver.resolve(options.requested(), OPENZFS, OPENZFS);

        assertThat(new ZfsStreamCommands().sink(STEP, resolved.used(), options))
                .containsExactly("zfs", "recv", "backup/home");
        assertThat(List.copyOf(resolved.dropped())).isEmpty();
    }
}
