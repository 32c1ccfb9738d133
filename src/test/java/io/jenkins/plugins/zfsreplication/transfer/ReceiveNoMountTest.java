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
    private static final Capabilities OPENZFS = new Capabilities("nas",
            Set.of(Feature.RECEIVE_NO_MOUNT, Feature.RESUME_TOKENS, Feature.RECEIVE_OVERRIDES));
    /** What a stream may carry that decides the backup pool's space and integrity, and the backup host's resources. */
    private static final List<String> SPACE_AND_INTEGRITY = List.of("quota", "refquota", "reservation",
            "refreservation", "filesystem_limit", "snapshot_limit", "special_small_blocks", "compression", "checksum",
            "copies", "dedup", "redundant_metadata", "sync");
    private static final List<String> HOST_AND_RESOURCES = List.of("zoned", "overlay", "nbmand", "vscan", "snapdev",
            "volmode", "context", "fscontext", "defcontext", "rootcontext", "longname", "primarycache",
            "secondarycache", "logbias", "prefetch", "direct");
    /** What every receive excludes from the stream where the target can ({@code zfs recv -x}). */
    private static final List<String> NEUTRALISED = x(List.of("mountpoint", "canmount", "sharenfs", "sharesmb", "setuid",
            "devices", "exec"), SPACE_AND_INTEGRITY, List.of("readonly"), HOST_AND_RESOURCES);
    private static final Capabilities ZFS_FUSE = new Capabilities("old", Set.of(Feature.HOLDS));
    private static final SendStep STEP = new SendStep(DatasetName.of("tank/home"), DatasetName.of("backup/home"),
            SendKind.FULL, null, new SnapshotRef("zr-1", 11, 1, 1), null, false, -1);

    @Test
    void shouldReceiveWithoutMountingUnlessTheRunMounts() {
        TransferOptions options = TransferOptions.defaults();

        assertThat(options.requested()).containsExactlyInAnyOrder(SendOption.NO_MOUNT, SendOption.NEUTRALISE);
        assertThat(options.withMountReceived(true).requested()).containsExactly(SendOption.NEUTRALISE);
        assertThat(options.withRequested(Set.of(SendOption.RESUMABLE)).requested())
                .containsExactlyInAnyOrder(SendOption.RESUMABLE, SendOption.NO_MOUNT, SendOption.NEUTRALISE);
    }

    @Test
    void shouldPutMinusUOnZfsRecvOnlyWhereTheTargetHasItWhateverTheSourceIs() {
        TransferOptions options = TransferOptions.defaults().withRequested(Set.of(SendOption.RESUMABLE));
        OptionResolver.Resolved toOpenZfs = OptionResolver.resolve(options.requested(), OPENZFS, OPENZFS);
        OptionResolver.Resolved fromZfsFuse = OptionResolver.resolve(options.requested(), ZFS_FUSE, OPENZFS);

        assertThat(new ZfsStreamCommands().sink(STEP, toOpenZfs.used(), options))
                .containsExactlyElementsOf(argv(List.of("zfs", "recv", "-s", "-u"), NEUTRALISED, "backup/home"));
        assertThat(new ZfsStreamCommands().source(STEP, toOpenZfs.used()))
                .containsExactly("zfs", "send", "tank/home@zr-1");
        assertThat(fromZfsFuse.used()).containsExactlyInAnyOrder(SendOption.NO_MOUNT, SendOption.NEUTRALISE);
        assertThat(new ZfsStreamCommands().sink(STEP, fromZfsFuse.used(), options))
                .containsExactlyElementsOf(argv(List.of("zfs", "recv", "-u"), NEUTRALISED, "backup/home"));
    }

    @Test
    void shouldDropMinusUOnATargetWithoutItAndSayWhy() {
        OptionResolver.Resolved resolved = OptionResolver.resolve(TransferOptions.defaults().requested(), OPENZFS,
                ZFS_FUSE);

        assertThat(resolved.used()).isEmpty();
        assertThat(resolved.dropped()).containsExactly(
                "option no-mount (-u) dropped: target old has no receive_no_mount",
                "option neutralise (-x) dropped: target old has no receive_overrides");
        assertThat(new ZfsStreamCommands().sink(STEP, resolved.used(), TransferOptions.defaults()))
                .containsExactly("zfs", "recv", "backup/home");
    }

    @Test
    void shouldLetTheRunMountWhenAsked() {
        TransferOptions options = TransferOptions.defaults().withMountReceived(true);
        OptionResolver.Resolved resolved = OptionResolver.resolve(options.requested(), OPENZFS, OPENZFS);

        // mounting is left to zfs and the stream; sharing, setuid, devices and exec are still the target's
        assertThat(new ZfsStreamCommands().sink(STEP, resolved.used(), options)).containsExactlyElementsOf(argv(
                List.of("zfs", "recv"), x(List.of("sharenfs", "sharesmb", "setuid", "devices", "exec"),
                        SPACE_AND_INTEGRITY, HOST_AND_RESOURCES), "backup/home"));
        assertThat(List.copyOf(resolved.dropped())).isEmpty();
    }

    @Test
    void shouldLeaveAPropertyTheUserSetsOrExcludesToTheUser() {
        TransferOptions options = TransferOptions.defaults().withRecvProperties(
                java.util.Map.of("mountpoint", "/srv/backup", "exec", "on"), List.of("devices"));
        OptionResolver.Resolved resolved = OptionResolver.resolve(options.requested(), OPENZFS, OPENZFS);

        assertThat(new ZfsStreamCommands().sink(STEP, resolved.used(), options)).containsExactlyElementsOf(argv(
                List.of("zfs", "recv", "-u", "-o", "exec=on", "-o", "mountpoint=/srv/backup", "-x", "devices"),
                x(List.of("canmount", "sharenfs", "sharesmb", "setuid"), SPACE_AND_INTEGRITY, List.of("readonly"),
                        HOST_AND_RESOURCES), "backup/home"));
    }

    /** {@code -x NAME} for each name of the lists, in order. */
    @SafeVarargs
    private static List<String> x(List<String>... names) {
        List<String> argv = new java.util.ArrayList<>();
        for (List<String> list : names) {
            list.forEach(name -> {
                argv.add("-x");
                argv.add(name);
            });
        }
        return argv;
    }

    private static List<String> argv(List<String> start, List<String> middle, String target) {
        List<String> argv = new java.util.ArrayList<>(start);
        argv.addAll(middle);
        argv.add(target);
        return argv;
    }
}
