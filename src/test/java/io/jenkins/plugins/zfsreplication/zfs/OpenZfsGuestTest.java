package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What only OpenZFS 2.x shows, on the real thing in the guest: resume tokens of an interrupted
 * receive, send size estimates, bookmarks and holds in a listing, and the CLI running where the
 * pools are. (OpenZfsFixtureTest keeps the recorded outputs for parsing.)
 */
@ExtendWith(OpenZfsTestBed.class)
class OpenZfsGuestTest {
    private static final int MIB = 1 << 20;

    @Test
    void shouldReadTheTokenOfAnInterruptedReceiveInOneCallWhereOthersHaveNoneOrDoNotExist(TestPools pools) {
        // given a receive cut off after 1 MiB of a 4 MiB stream, and a target that received completely
        DatasetName source = pools.create("tsrc");
        DatasetName target = pools.create("tdst");
        pools.write(source, "data", random(4 * MIB, 1));
        pools.exec("zfs", "snapshot", source + "@s1");
        pools.pipe(List.of("zfs", "send", source + "@s1"), List.of("zfs", "recv", target + "/whole"));
        CommandResult cut = pools.runner().run(List.of("sh", "-c", SshCommandRunner.quote(List.of("zfs", "send", source + "@s1"))
                + " | head -c " + MIB + " | " + SshCommandRunner.quote(List.of("zfs", "recv", "-s", target + "/cut"))),
                Duration.ofMinutes(1));
        assertThat(cut.succeeded()).as("a cut stream fails the receive: %s", cut.stderr()).isFalse();
        String token = pools.exec("zfs", "get", "-H", "-o", "value", "receive_resume_token", target + "/cut").stdout().strip();
        assertThat(token).matches("1-[0-9a-f]+-[0-9a-f]+-[0-9a-f]+");

        // when
        Map<DatasetName, String> tokens = new Zfs(pools.runner()).receiveResumeTokens(
                List.of(target.resolve("whole"), target.resolve("cut"), target.resolve("missing")));

        // then: exactly the cut one's, and the token says what it resumes (the snapshot's GUID)
        assertThat(tokens).containsExactly(Map.entry(target.resolve("cut"), token));
        String guid = pools.exec("zfs", "get", "-Hp", "-o", "value", "guid", source + "@s1").stdout().strip();
        assertThat(new Zfs(pools.runner()).describeResumeToken(token))
                .contains("toguid = 0x" + Long.toHexString(Long.parseUnsignedLong(guid)), "toname = " + source + "@s1");
    }

    @Test
    void shouldEstimateFullAndIncrementalStreamsWithinAFewPercentOfTheirRealSize(TestPools pools) {
        DatasetName source = pools.create("esrc");
        DatasetName target = pools.create("edst");
        pools.exec("zfs", "set", "compression=off", source.name());
        pools.write(source, "a", random(3 * MIB, 2));
        pools.exec("zfs", "snapshot", source + "@s1");
        pools.write(source, "b", random(2 * MIB, 3));
        pools.exec("zfs", "snapshot", source + "@s2");
        Zfs zfs = new Zfs(pools.runner());

        long fullEstimate = zfs.estimateSendSize(null, source.snapshot("s1"), false);
        long incrementalEstimate = zfs.estimateSendSize(source.snapshot("s1"), source.snapshot("s2"), false);
        long full = pools.pipe(List.of("zfs", "send", source + "@s1"), List.of("zfs", "recv", target + "/c"));
        long incremental = pools.pipe(List.of("zfs", "send", "-i", "@s1", source + "@s2"), List.of("zfs", "recv", target + "/c"));

        System.out.printf("send -nP on OpenZFS: full %,d estimated, %,d sent; incremental %,d estimated, %,d sent%n",
                fullEstimate, full, incrementalEstimate, incremental);
        assertThat(full).isBetween(3L * MIB, 3L * MIB + MIB / 4);
        assertThat(incremental).isBetween(2L * MIB, 2L * MIB + MIB / 4);
        assertThat((double) fullEstimate).isBetween(full * 0.95, full * 1.05);
        assertThat((double) incrementalEstimate).isBetween(incremental * 0.95, incremental * 1.05);
    }

    @Test
    void shouldListBookmarksAndHoldsWithTheValuesZfsGetGives(TestPools pools) {
        DatasetName pool = pools.create("bm");
        pools.exec("zfs", "snapshot", pool + "@s1");
        pools.exec("zfs", "snapshot", pool + "@s2");
        pools.exec("zfs", "bookmark", pool + "@s1", pool + "#b1");
        pools.exec("zfs", "hold", "keep", pool + "@s2");
        pools.exec("zfs", "hold", "also", pool + "@s2");
        try {
            Listing listing = new Zfs(pools.runner()).list(List.of(pool), true, List.of("userrefs"));

            assertThat(listing.objects()).extracting(ZfsObject::name, ZfsObject::type).containsExactlyInAnyOrder(
                    org.assertj.core.api.Assertions.tuple(pool.name(), ObjectType.FILESYSTEM),
                    org.assertj.core.api.Assertions.tuple(pool + "@s1", ObjectType.SNAPSHOT),
                    org.assertj.core.api.Assertions.tuple(pool + "@s2", ObjectType.SNAPSHOT),
                    org.assertj.core.api.Assertions.tuple(pool + "#b1", ObjectType.BOOKMARK));
            ZfsObject bookmark = listing.find(pool + "#b1").orElseThrow();
            assertThat(bookmark.guidText()).isEqualTo(get(pools, "guid", pool + "@s1")).isEqualTo(get(pools, "guid", pool + "#b1"));
            assertThat(bookmark.createtxg()).isEqualTo(Long.parseLong(get(pools, "createtxg", pool + "@s1")));
            assertThat(listing.find(pool + "@s2").orElseThrow().property("userrefs")).contains("2");
            assertThat(listing.find(pool + "@s1").orElseThrow().property("userrefs")).contains("0");
        } finally {
            pools.exec("zfs", "release", "keep", pool + "@s2");
            pools.exec("zfs", "release", "also", pool + "@s2");
        }
    }

    @Test
    void shouldRunTheCliInsideTheGuestAgainstTheGuestsOwnZfs(TestPools pools, OpenZfsGuest guest) {
        pools.create("cli"); // the test bed logs and counts the tests that made pools

        CommandResult probe = guest.cli(Duration.ofMinutes(4), "probe");

        assertThat(probe.exitStatus()).as(probe.stderr()).isZero();
        String version = guest.exec("zfs", "version").stdout().lines().findFirst().orElseThrow();
        assertThat(probe.stdout()).startsWith("host: local\nzfs version: " + version + "\n")
                .contains("resume-tokens        yes", "batch-destroy        yes", "raw-send             yes");
    }

    private static String get(TestPools pools, String property, String name) {
        return pools.exec("zfs", "get", "-Hp", "-o", "value", property, name).stdout().strip();
    }

    private static byte[] random(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }
}
