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
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code backup}: {@code zfs send -b}, which only the source's zfs needs to know. */
class SendBackupOptionTest {
    private static final Capabilities OPENZFS = new Capabilities("nas", Set.of(Feature.SEND_BACKUP));
    private static final Capabilities ZFS_FUSE = new Capabilities("old", Set.of(Feature.HOLDS));
    private static final SendStep STEP = new SendStep(DatasetName.of("tank/home"), DatasetName.of("backup/home"),
            SendKind.FULL, null, new SnapshotRef("zr-1", 11, 1, 1), null, false, -1);

    @Test
    void shouldTakeBackupByNameAsTheCommandLineAndTheStepWriteIt() {
        assertThat(SendOption.byName(" Backup ")).isEqualTo(SendOption.BACKUP);
        assertThat(new SendOption.Names()).containsExactly("raw", "compressed", "large-blocks", "embedded",
                "properties", "resumable", "no-mount", "neutralise", "backup");
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

    /** On OpenZFS in the guest: the probe finds -b, and the command the engine makes does what -b promises. */
    @Nested
    @ExtendWith(OpenZfsTestBed.class)
    class OnOpenZfs {
        @Test
        void shouldGiveABackupOfABackupThePropertiesTheMiddleHostReceivedNotItsOwn(TestPools pools) {
            // given: A sent its dataset with its properties to B, and B set one of them locally
            DatasetName first = pools.create("bka").resolve("data");
            DatasetName middle = pools.create("bkb").resolve("data");
            DatasetName last = pools.create("bkc");
            pools.exec("zfs", "create", "-o", "zr:origin=first", first.name());
            pools.exec("zfs", "snapshot", first + "@s1");
            pools.pipe(List.of("zfs", "send", "-p", first + "@s1"), List.of("zfs", "recv", "-u", middle.name()));
            pools.exec("zfs", "set", "zr:origin=middle", middle.name());
            Capabilities probed = new Zfs(pools.runner()).capabilities();
            Set<SendOption> used = OptionResolver.resolve(Set.of(SendOption.BACKUP), probed, probed).used();

            // when: B sends on to C as the engine does, once with backup, once with properties
            pools.pipe(new ZfsStreamCommands().source(step(middle, last.resolve("backup")), used),
                    new ZfsStreamCommands().sink(step(middle, last.resolve("backup")), used, TransferOptions.defaults()));
            Set<SendOption> properties = Set.of(SendOption.PROPERTIES);
            pools.pipe(new ZfsStreamCommands().source(step(middle, last.resolve("properties")), properties),
                    new ZfsStreamCommands().sink(step(middle, last.resolve("properties")), properties,
                            TransferOptions.defaults()));

            // then: with -b, C has what A sent; with -p, what B set
            assertThat(probed.has(Feature.SEND_BACKUP)).isTrue();
            assertThat(used).containsExactly(SendOption.BACKUP);
            assertThat(origin(pools, last.resolve("backup"))).isEqualTo("first\treceived");
            assertThat(origin(pools, last.resolve("properties"))).isEqualTo("middle\treceived");
        }

        private static SendStep step(DatasetName source, DatasetName target) {
            return new SendStep(source, target, SendKind.FULL, null, new SnapshotRef("s1", 1, 1, 1), null, false, -1);
        }

        private static String origin(TestPools pools, DatasetName dataset) {
            return pools.exec("zfs", "get", "-H", "-o", "value,source", "zr:origin", dataset.name()).stdout().strip();
        }
    }
}
