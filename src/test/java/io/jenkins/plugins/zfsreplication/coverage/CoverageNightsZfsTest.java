package io.jenkins.plugins.zfsreplication.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.verify.CopyCheck;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nights of coverage of a copy on zfs-fuse, read in the test's JVM as the backup host reads it.
 * zfs-fuse has no zfs diff, so every snapshot owns all its chunks and is read whole, a slice a
 * night. Eight files of 100,000 bytes, in chunks of 64 KiB: each file is two chunks (65,536 and
 * 34,464 bytes), sixteen chunk ordinals in all, file {@code fN} at ordinals 2N and 2N+1.
 */
@ExtendWith(ZfsTestBed.class)
class CoverageNightsZfsTest {
    private static final int FILE = 100_000;
    private static final long HALF = 4 * FILE;

    @TempDir
    Path work;

    @Test
    void shouldReadASliceANightInOrdinalOrderUpToTheBudgetAndKeepTheCopyCovered(TestPools pools) throws IOException {
        CopyFixture fixture = filled(pools, "a");
        fixture.snapshotAndSend("n0");

        NightReport first = fixture.cover(0, HALF, null);
        NightReport second = fixture.cover(1, HALF, fixture.ledgerOf(0));
        NightReport third = fixture.cover(2, HALF, fixture.ledgerOf(1));

        // the first night reads files f0-f3 (the budget), the second f4-f7 (the budget: all was due); the
        // third only what keeps the guarantee, the fair share of a round (800,000 / 7 bytes): the
        // oldest file, f0, and not the next chunk, which would pass it
        assertThat(runs(first)).containsExactly(new CopyCheck.Run(0, 8, HALF, CopyCheck.State.MATCHED, null));
        assertThat(runs(second)).containsExactly(new CopyCheck.Run(8, 16, HALF, CopyCheck.State.MATCHED, null));
        assertThat(runs(third)).containsExactly(new CopyCheck.Run(0, 2, FILE, CopyCheck.State.MATCHED, null));
        assertThat(List.of(first.slice().plan().sliceBytes(), second.slice().plan().sliceBytes(), third.slice().plan().sliceBytes()))
                .containsExactly(HALF, HALF, (8L * FILE + 6) / 7);
        assertThat(List.of(first.slice().checkedBytes(), second.slice().checkedBytes(), third.slice().checkedBytes()))
                .containsExactly(HALF, HALF, (long) FILE);
        assertThat(first.coverage().matchedBytes()).isEqualTo(HALF);
        assertThat(second.coverage().matchedBytes()).isEqualTo(2 * HALF);
        assertThat(third.coverage().ratio()).isEqualTo(1.0);
        // f1-f3 were last read on the first night, two nights before the third
        assertThat(third.coverage().age().toDays()).isEqualTo(2);
        assertThat(first.basis().startNote()).contains("no earlier ledger was given");
        assertThat(third.basis().startNote()).isNull();
        assertThat(third.basis().previousSha256()).isEqualTo(io.jenkins.plugins.zfsreplication.files.Sha256.of(
                fixture.ledgerOf(1)));
        assertThat(third.guarantee().kept()).isTrue();
        assertThat(third.guarantee().keepableNights()).isEqualTo(2);
        assertThat(third.verdict()).isEqualTo(NightReport.Verdict.MATCHED);
    }

    /**
     * The copy made writable, a file changed in it and snapshotted under the name the next night's
     * snapshot has: the copy's snapshot is not the one the source made its manifest of (its GUID
     * differs), and the chunk changed is named.
     */
    @Test
    void shouldNameAFileChangedInTheCopyAndSnapshottedUnderTheScheduleName(TestPools pools) throws IOException {
        CopyFixture fixture = filled(pools, "t");
        fixture.snapshotAndSend("n0");
        fixture.cover(0, 0, null);
        pools.exec("zfs", "set", "readonly=off", fixture.copy.name());
        Path changed = pools.mountpoint(fixture.copy).resolve("f3");
        try (RandomAccessFile file = new RandomAccessFile(changed.toFile(), "rw")) {
            file.seek(70_000);
            file.write(0x5a ^ file.read());
        }
        pools.exec("zfs", "snapshot", fixture.copy + "@n1");
        pools.exec("zfs", "snapshot", fixture.source + "@n1");
        fixture.storeManifest("n1");

        NightReport night = fixture.cover(1, 0, fixture.ledgerOf(0));

        String sourceGuid = Files.readString(fixture.store.resolve("data/n1.guid")).strip();
        String copyGuid = pools.exec("zfs", "get", "-Hp", "-o", "value", "guid", fixture.copy + "@n1").stdout().strip();
        assertThat(night.found().listed()).extracting(NightFinding::describe).containsExactly(
                fixture.copy + "@n1: the source made its manifest of n1 with GUID " + sourceGuid + ", the copy's has GUID "
                        + copyGuid + ": not the snapshot the source sent",
                fixture.copy + "@n1: chunk 1 differs: f3 at offset 65536, 34464 bytes (" + night.found().listed().get(1).detail()
                        + ")");
        assertThat(night.found().listed().get(1).place().path()).isEqualTo("f3");
        assertThat(night.verdict()).isEqualTo(NightReport.Verdict.MISMATCH);
        // n0 is still matched; n1 counts as not matched at all
        CoverageSummary.DatasetCoverage data = night.coverage().datasets().get(0);
        assertThat(data.matchedBytes()).isEqualTo(8 * FILE);
        assertThat(data.badBytes()).isEqualTo(8 * FILE);
    }

    /**
     * Garbage written into the backup pool's one device over a file's data, no scrub run, the pool
     * exported and imported (so nothing is served from memory): ZFS cannot read that block and has
     * no other copy. f5 is one block (a file smaller than the record size), so both its chunks are
     * reported unreadable by name; the other chunks are read and match.
     */
    @Test
    void shouldReportChunksZfsCannotReadAsUnreadableAndGoOn(TestPools pools) throws IOException {
        CopyFixture fixture = filled(pools, "u");
        fixture.snapshotAndSend("n0");
        byte[] f5 = Files.readAllBytes(fixture.live().resolve("f5"));
        pools.exec("zpool", "export", fixture.backupPool());
        long at = DeviceDamage.overwrite(fixture.pools.image(fixture.backupPool()), Arrays.copyOfRange(f5, 70_000, 74_096));
        fixture.pools.importPool(fixture.backupPool());

        NightReport night = fixture.cover(0, 0, null);

        assertThat(at).isPositive();
        assertThat(night.found().listed()).extracting(NightFinding::kind, f -> f.place().path(),
                f -> f.place().chunk(), f -> f.place().offset(), f -> f.place().length()).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("unreadable", "f5", 0L, 0L, 65_536L),
                        org.assertj.core.groups.Tuple.tuple("unreadable", "f5", 1L, 65_536L, 34_464L));
        assertThat(night.found().listed().get(0).detail()).contains("EIO");
        assertThat(runs(night)).extracting(CopyCheck.Run::from, CopyCheck.Run::to, CopyCheck.Run::bytes,
                CopyCheck.Run::state).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(0L, 10L, 5L * FILE, CopyCheck.State.MATCHED),
                        org.assertj.core.groups.Tuple.tuple(10L, 12L, (long) FILE, CopyCheck.State.UNREADABLE),
                        org.assertj.core.groups.Tuple.tuple(12L, 16L, 2L * FILE, CopyCheck.State.MATCHED));
        assertThat(night.verdict()).isEqualTo(NightReport.Verdict.UNREADABLE);
        assertThat(night.coverage().badBytes()).isEqualTo(FILE);
        assertThat(night.coverage().matchedBytes()).isEqualTo(7 * FILE);
    }

    /** A ledger lost (its file gone) is not an error: the night starts over, says so, and nothing earlier counts. */
    @Test
    void shouldStartOverAndSaySoWhenTheLedgerIsLost(TestPools pools) throws IOException {
        CopyFixture fixture = filled(pools, "l");
        fixture.snapshotAndSend("n0");
        fixture.cover(0, 0, null);
        Files.delete(fixture.ledgerOf(0));

        NightReport night = fixture.cover(1, HALF, fixture.ledgerOf(0));

        assertThat(night.basis().startNote()).isEqualTo("the earlier ledger " + fixture.ledgerOf(0) + " does not exist (lost?);"
                + " starting over: nothing read before tonight counts");
        assertThat(night.basis().previousSha256()).isNull();
        assertThat(night.coverage().matchedBytes()).isEqualTo(HALF);
        JsonNode ledger = new ObjectMapper().readTree(fixture.ledgerOf(1).toFile());
        assertThat(ledger.get("previous").isNull()).isTrue();
        assertThat(ledger.get("startNote").asText()).startsWith("the earlier ledger");
    }

    private CopyFixture filled(TestPools pools, String name) throws IOException {
        CopyFixture fixture = new CopyFixture(pools, work.resolve(name), name);
        Random random = new Random(name.hashCode());
        for (int i = 0; i < 8; i++) {
            byte[] data = new byte[FILE];
            random.nextBytes(data);
            Files.write(fixture.live().resolve("f" + i), data);
        }
        return fixture;
    }

    private static List<CopyCheck.Run> runs(NightReport night) {
        return night.slice().reads().stream().flatMap(read -> read.runs().stream()).toList();
    }
}
