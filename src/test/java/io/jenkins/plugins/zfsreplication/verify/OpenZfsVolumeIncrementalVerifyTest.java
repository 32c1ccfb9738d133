package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsGuest;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An incremental verify of a volume on OpenZFS, in the guest with the CLI next to the data: over a
 * chain of snapshots that write in three places and discard a range, then grow the volume, the
 * manifest built on the earlier one is exactly the full manifest (chunk hashes from an independent
 * oracle over a copy of the volume's bytes), and the chunks read are exactly the changed ones, the
 * ones past the earlier size and the 16 read as a check. A manifest of another snapshot is refused.
 */
@ExtendWith(OpenZfsTestBed.class)
@org.junit.jupiter.api.Timeout(value = 20, unit = java.util.concurrent.TimeUnit.MINUTES) // four CLI runs under TCG
class OpenZfsVolumeIncrementalVerifyTest {
    private static final Duration TIMEOUT = Duration.ofMinutes(8);
    private static final long CHUNK = 64 << 10;

    @Test
    void shouldReadOnlyTheChunksTheSendStreamChangesAndWriteTheFullManifest(TestPools pools, OpenZfsGuest guest)
            throws IOException {
        DatasetName pool = pools.create("vv");
        DatasetName volume = pool.resolve("vol");
        pools.exec("zfs", "create", "-V", "8M", "-o", "volblocksize=16K", volume.name());
        String device = "/dev/zvol/" + volume.name();
        Path work = Files.createTempDirectory(guest.scratchDirectory(), "volume-");
        OpenZfsChangesTest.volumeScript(pools, device, "head -c 8388608 /dev/urandom | dd of=\"$1\" bs=1M"
                + " oflag=direct iflag=fullblock status=none");
        snapshot(pools, guest, volume, "a", work);
        verify(guest, volume, "a", work);

        // 4 KiB at 100 KiB (chunk 1), 16 KiB at 1 MiB (chunk 16), the last 4 KiB (chunk 127), and
        // 128 KiB discarded at 4 MiB (chunks 64 and 65)
        OpenZfsChangesTest.volumeScript(pools, device, "dd if=/dev/urandom of=\"$1\" bs=4K seek=25 count=1"
                + " oflag=direct status=none; dd if=/dev/urandom of=\"$1\" bs=16K seek=64 count=1 oflag=direct"
                + " status=none; dd if=/dev/urandom of=\"$1\" bs=4K seek=2047 count=1 oflag=direct status=none;"
                + " blkdiscard -o 4194304 -l 131072 \"$1\"");
        snapshot(pools, guest, volume, "b", work);
        String summary = verify(guest, volume, "b", work, "--since", volume + "@a", "--since-manifest",
                guest.pathInGuest(work.resolve("a.manifest")));
        // 123 chunks unchanged: every 8th is read as a check (16), the 5 changed are read
        assertRead(work, "b", 5 + 16, 128);
        assertThat(summary).contains("since " + volume + "@a: read 21 of 128 chunks: 5 changed or past the earlier"
                + " size, 16 as a check of the earlier manifest")
                .contains(", since " + volume + "@a: read 1.3 MiB (16.4%) of 1 changed file(s) in ")
                .contains("; took 107 unchanged chunk(s) of changed files, 6.7 MiB from the earlier manifest");

        // grown by 2 MiB, 4 KiB written in the new part: the 32 new chunks are read
        pools.exec("zfs", "set", "volsize=10M", volume.name());
        OpenZfsChangesTest.volumeScript(pools, device, "dd if=/dev/urandom of=\"$1\" bs=4K seek=2304 count=1"
                + " oflag=direct status=none");
        snapshot(pools, guest, volume, "c", work);
        verify(guest, volume, "c", work, "--since", volume + "@b", "--since-manifest",
                guest.pathInGuest(work.resolve("b.manifest")));
        assertRead(work, "c", 32 + 16, 160);

        // the manifest of a is not the one of b: its header names a's GUID, so it is not built on (it was,
        // and chunk 16, read as a check, then disagreed with it)
        CommandResult wrong = guest.cli(TIMEOUT, "verify", volume + "@c", "--block-size", "64K",
                "--since", volume + "@b", "--since-manifest", guest.pathInGuest(work.resolve("a.manifest")),
                "-o", guest.pathInGuest(work.resolve("wrong.manifest")), "--report",
                guest.pathInGuest(work.resolve("wrong.json")));
        assertThat(wrong.exitStatus()).as(wrong.stderr()).isZero();
        String a = guest.exec("zfs", "get", "-Hp", "-o", "value", "guid", volume + "@a").stdout().strip();
        String b = guest.exec("zfs", "get", "-Hp", "-o", "value", "guid", volume + "@b").stdout().strip();
        assertThat(new ObjectMapper().readTree(work.resolve("wrong.json").toFile()).get("incremental").get("fullBecause")
                .asText()).isEqualTo("the earlier manifest is of a snapshot with guid " + a + ", but " + volume
                + "@b here has guid " + b + " (made anew under the same name, or another host's snapshot)");
        assertThat(Files.readAllLines(work.resolve("wrong.manifest")).stream().filter(line -> !line.startsWith("#"))
                .toList()).isEqualTo(Files.readAllLines(work.resolve("c.manifest")).stream()
                .filter(line -> !line.startsWith("#")).toList());
        assertThat(pools.exec("zfs", "list", "-H", "-o", "name", "-t", "all", "-r", pool.name()).stdout())
                .doesNotContain("zfsr-verify");
    }

    /** Snapshots the volume and copies its bytes (nothing writes in between) to {@code <name>.img}. */
    private static void snapshot(TestPools pools, OpenZfsGuest guest, DatasetName volume, String name, Path work) {
        pools.exec("zfs", "snapshot", volume + "@" + name);
        pools.exec("dd", "if=/dev/zvol/" + volume.name(), "of=" + guest.pathInGuest(work.resolve(name + ".img")),
                "bs=1M", "iflag=direct", "status=none");
    }

    /**
     * Verifies the snapshot into {@code <name>.manifest} and checks it is the full manifest: the
     * first manifest's header, the size, the oracle's chunk lines of the copy, the end line.
     * Returns what the command printed (the log and the summary).
     */
    private static String verify(OpenZfsGuest guest, DatasetName volume, String name, Path work, String... more)
            throws IOException {
        List<String> arguments = new ArrayList<>(List.of("verify", volume + "@" + name, "--block-size", "64K",
                "-o", guest.pathInGuest(work.resolve(name + ".manifest")),
                "--report", guest.pathInGuest(work.resolve(name + ".json"))));
        arguments.addAll(List.of(more));
        CommandResult result = guest.cli(TIMEOUT, arguments.toArray(String[]::new));
        System.out.printf("verify %s@%s: %s%n", volume, name, result.stderr().strip());
        assertThat(result.exitStatus()).as(result.stderr()).isZero();

        Path image = work.resolve(name + ".img");
        // the first manifest's header, but for the GUID of this snapshot (the provenance line)
        String guid = guest.exec("zfs", "get", "-Hp", "-o", "value", "guid", volume + "@" + name).stdout().strip();
        List<String> expected = new ArrayList<>(Files.readAllLines(work.resolve("a.manifest")).stream()
                .takeWhile(line -> !line.startsWith("# size: "))
                .map(line -> line.startsWith("# snapshot-guid: ") ? "# snapshot-guid: " + guid : line).toList());
        expected.add("# size: " + Files.size(image));
        List<String> chunks = Oracle.fileChunks(image, "xxh64", CHUNK);
        expected.addAll(chunks);
        expected.add("# end: 1 files, " + chunks.size() + " chunks");
        assertThat(Files.readAllLines(work.resolve(name + ".manifest"))).containsExactlyElementsOf(expected);
        return result.stderr();
    }

    /** The report says {@code read} of {@code chunks} chunks were read, and the rest taken over. */
    private static void assertRead(Path work, String name, long read, long chunks) throws IOException {
        JsonNode report = new ObjectMapper().readTree(work.resolve(name + ".json").toFile());
        assertThat(report.get("incremental").get("fullBecause").isNull()).as(report.toString()).isTrue();
        JsonNode file = report.get("files").get(0);
        assertThat(file.get("chunks").asLong()).isEqualTo(chunks);
        assertThat(file.get("reusedChunks").asLong()).as(report.toString()).isEqualTo(chunks - read);
        assertThat(report.get("totals").get("readBytes").asLong()).isEqualTo(read * CHUNK);
    }
}
