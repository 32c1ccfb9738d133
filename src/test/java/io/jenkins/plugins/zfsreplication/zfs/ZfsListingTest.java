package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.assertj.core.api.SoftAssertions;

/** The zfs layer against real pools: zfs-fuse, and OpenZFS in the guest. */
class ZfsListingTest {
    private static final String BACKUP = "zfs-replication:backup";

    @ZfsTest
    void shouldListEveryDatasetAndSnapshotInOneCallWithTheSameValuesAsZfsGet(TestPools pools) {
        // given two pools with nested datasets and snapshots
        DatasetName source = pools.create("src");
        DatasetName other = pools.create("oth");
        Zfs setup = new Zfs(pools.runner());
        setup.createFilesystem(source.resolve("home/alice"), Map.of());
        setup.createFilesystem(source.resolve("vm"), Map.of(BACKUP, "off"));
        setup.createFilesystem(other.resolve("data"), Map.of());
        setup.snapshot(List.of(source.snapshot("s1"), other.snapshot("s1")), true);
        setup.snapshot(List.of(source.resolve("home").snapshot("s2")), true);
        setup.setProperty(source.resolve("home").name(), BACKUP, "on");
        RecordingRunner counting = new RecordingRunner(pools.runner());
        Zfs zfs = new Zfs(counting);
        zfs.capabilities();
        counting.clear();

        // when
        Listing listing = zfs.list(List.of(source, other), true, List.of(BACKUP, "userrefs"));

        // then: one call, exactly the objects zfs has, every field equal to zfs get's
        assertThat(counting.commands()).hasSize(1);
        assertThat(listing.objects()).extracting(ZfsObject::name).containsExactlyInAnyOrder(
                source.name(), source + "@s1", source + "/home", source + "/home@s1", source + "/home@s2",
                source + "/home/alice", source + "/home/alice@s1", source + "/home/alice@s2",
                source + "/vm", source + "/vm@s1",
                other.name(), other + "@s1", other + "/data", other + "/data@s1");
        SoftAssertions softly = new SoftAssertions();
        for (ZfsObject object : listing.objects()) {
            Map<String, String> expected = zfsGet(pools, object.name());
            softly.assertThat(object.type().name().toLowerCase()).as(object.name()).isEqualTo(expected.get("type"));
            softly.assertThat(object.guidText()).as(object.name()).isEqualTo(expected.get("guid"));
            softly.assertThat(object.createtxg()).as(object.name()).isEqualTo(Long.parseLong(expected.get("createtxg")));
            softly.assertThat(object.creation()).as(object.name()).isEqualTo(Long.parseLong(expected.get("creation")));
            softly.assertThat(object.used()).as(object.name()).isEqualTo(Long.parseLong(expected.get("used")));
            softly.assertThat(object.referenced()).as(object.name()).isEqualTo(Long.parseLong(expected.get("referenced")));
            softly.assertThat(object.property(BACKUP).orElse("-")).as(object.name()).isEqualTo(expected.get(BACKUP));
        }
        softly.assertAll();
        // inherited as ZFS inherits it; unset is absent
        assertThat(listing.find(source + "/home/alice@s2").orElseThrow().property(BACKUP)).contains("on");
        assertThat(listing.find(source + "/vm").orElseThrow().property(BACKUP)).contains("off");
        assertThat(listing.find(other + "/data").orElseThrow().property(BACKUP)).isEmpty();
        assertThat(listing.snapshotsOf(source + "/home")).extracting(ZfsObject::shortName).containsExactly("s1", "s2");
    }

    @ZfsTest
    void shouldListOnlyTheRootAndItsSnapshotsWhenNotRecursive(TestPools pools) {
        DatasetName pool = pools.create("nr");
        Zfs zfs = new Zfs(pools.runner());
        zfs.createFilesystem(pool.resolve("a/b"), Map.of());
        zfs.snapshot(List.of(pool.resolve("a").snapshot("x")), true);

        Listing listing = zfs.list(List.of(pool.resolve("a")), false, List.of());

        assertThat(listing.objects()).extracting(ZfsObject::name).containsExactlyInAnyOrder(pool + "/a", pool + "/a@x");
    }

    @ZfsTest
    void shouldTellWhetherADatasetExistsWithoutListingItsSnapshots(TestPools pools) {
        DatasetName pool = pools.create("ex");
        Zfs zfs = new Zfs(pools.runner());
        zfs.createFilesystem(pool.resolve("a"), Map.of());
        zfs.snapshot(List.of(pool.resolve("a").snapshot("x")), false);
        RecordingRunner recording = new RecordingRunner(pools.runner());
        Zfs recorded = new Zfs(recording);

        assertThat(recorded.exists(pool.resolve("a"))).isTrue();
        assertThat(recorded.exists(pool.resolve("missing"))).isFalse();
        assertThat(recording.commands()).containsExactly(
                List.of("zfs", "list", "-H", "-o", "name", pool.resolve("a").name()),
                List.of("zfs", "list", "-H", "-o", "name", pool.resolve("missing").name()));
    }

    @ZfsTest
    void shouldProbeZfsFuseAsHavingHoldsAndNothingModernAndOpenZfsAsHavingEverything(TestPools pools) {
        pools.create("pr");
        Zfs zfs = new Zfs(pools.runner());
        Capabilities capabilities = zfs.capabilities();

        if (pools.backend() == ZfsBackend.OPENZFS) {
            assertThat(capabilities.features()).isEqualTo(EnumSet.allOf(Feature.class));
            assertThat(zfs.version()).isEqualTo(pools.exec("zfs", "version").stdout().lines().findFirst().orElseThrow())
                    .startsWith("zfs-2.");
            assertThat(capabilities.host()).isEqualTo(pools.runner().host()).isNotEqualTo("local");
        } else {
            assertThat(capabilities.features()).containsExactly(Feature.HOLDS);
            assertThat(zfs.version()).isEqualTo("unknown (no 'zfs version': zfs-fuse or ZFS before OpenZFS 0.8)");
            assertThat(capabilities.host()).isEqualTo("local");
        }
    }

    @ZfsTest
    void shouldProbeOncePerInstance(TestPools pools) {
        pools.create("once");
        RecordingRunner counting = new RecordingRunner(pools.runner());
        Zfs zfs = new Zfs(counting);

        zfs.capabilities();
        List<List<String>> probe = List.copyOf(counting.commands());
        zfs.capabilities();

        // the usage text alone: the version is asked only where it is printed
        assertThat(probe).containsExactly(List.of("zfs", "-?"));
        assertThat(counting.commands()).isEqualTo(probe);
        // then once, and only where zfs has the command (OpenZFS; not zfs-fuse)
        zfs.version();
        zfs.version();
        assertThat(counting.commands()).containsExactlyElementsOf(pools.backend() == ZfsBackend.OPENZFS
                ? List.of(List.of("zfs", "-?"), List.of("zfs", "version")) : List.of(List.of("zfs", "-?")));
    }

    @ZfsTest
    void shouldTurnAFailedCommandIntoAnExceptionWithZfsOwnMessage(TestPools pools) {
        DatasetName pool = pools.create("err");
        Zfs zfs = new Zfs(pools.runner());

        assertThatThrownBy(() -> zfs.list(List.of(pool.resolve("missing")), true, List.of()))
                .isInstanceOfSatisfying(ZfsCommandException.class, e -> {
                    assertThat(e.getExitStatus()).isEqualTo(1);
                    assertThat(e.getZfsMessage()).isEqualTo("cannot open '" + pool + "/missing': dataset does not exist");
                    // OpenZFS lists with exact numbers (list -p); zfs-fuse has only zfs get -p for them
                    assertThat(e.getCommand()).startsWith("zfs", pools.backend() == ZfsBackend.OPENZFS ? "list" : "get")
                            .endsWith(pool + "/missing");
                });
    }

    @ZfsTest
    void shouldSnapshotASubtreeInOneTransactionGroup(TestPools pools) {
        DatasetName pool = pools.create("atom");
        Zfs zfs = new Zfs(pools.runner());
        zfs.createFilesystem(pool.resolve("a"), Map.of());
        zfs.createFilesystem(pool.resolve("b"), Map.of());

        zfs.snapshot(List.of(pool.snapshot("now")), true);

        Listing listing = zfs.list(List.of(pool), true, List.of());
        assertThat(listing.objects().stream().filter(ZfsObject::isSnapshot).map(ZfsObject::createtxg).distinct())
                .hasSize(1);
        assertThat(listing.objects().stream().filter(ZfsObject::isSnapshot).map(ZfsObject::name))
                .containsExactlyInAnyOrder(pool + "@now", pool + "/a@now", pool + "/b@now");
    }

    @ZfsTest
    void shouldTakeSeveralSnapshotsAtomicallyOrOnePerCallStoppingAtTheFirstFailure(TestPools pools) {
        DatasetName pool = pools.create("seq");
        Zfs zfs = new Zfs(pools.runner());
        for (String name : List.of("a", "b", "c")) {
            zfs.createFilesystem(pool.resolve(name), Map.of());
        }
        zfs.snapshot(List.of(pool.resolve("b").snapshot("one")), false);

        assertThatThrownBy(() -> zfs.snapshot(List.of(pool.resolve("a").snapshot("one"),
                pool.resolve("b").snapshot("one"), pool.resolve("c").snapshot("one")), false))
                .isInstanceOfSatisfying(ZfsCommandException.class,
                        e -> assertThat(e.getZfsMessage()).contains("dataset already exists"));

        // OpenZFS takes the three in one call that creates none of them; zfs-fuse took a@one before failing on b
        Listing listing = zfs.list(List.of(pool), true, List.of());
        if (pools.backend() == ZfsBackend.OPENZFS) {
            assertThat(listing.objects().stream().filter(ZfsObject::isSnapshot).map(ZfsObject::name))
                    .containsExactly(pool + "/b@one");
        } else {
            assertThat(listing.objects().stream().filter(ZfsObject::isSnapshot).map(ZfsObject::name))
                    .containsExactlyInAnyOrder(pool + "/a@one", pool + "/b@one");
        }
    }

    /** The oracle: one plain zfs get per object, parsed here without the layer's parser. */
    private static Map<String, String> zfsGet(TestPools pools, String name) {
        String output = pools.exec("zfs", "get", "-Hp", "-o", "property,value",
                "type,guid,createtxg,creation,used,referenced," + BACKUP, name).stdout();
        Map<String, String> values = new HashMap<>();
        for (String line : output.split("\n")) {
            String[] fields = line.split("\t");
            values.put(fields[0], fields[1]);
        }
        return values;
    }
}
