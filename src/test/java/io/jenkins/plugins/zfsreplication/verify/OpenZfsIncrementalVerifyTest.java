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
 * An incremental verify on OpenZFS, in the guest with the CLI next to the data, over a chain of
 * snapshots that add, edit, delete and rename files and directories, punch holes, truncate and
 * extend, swap names, recreate a name, replace a file by a link and change only a mode: after each
 * step the manifest built on the previous one is byte for byte the manifest of a full verify of the
 * same snapshot, and the files it read are exactly the ones that changed (a large file written in
 * place in part: the chunks zfs send changed, and two checks). A changed hard link, an
 * unmounted file system and a manifest of another snapshot make it read everything or refuse.
 */
@ExtendWith(OpenZfsTestBed.class)
@org.junit.jupiter.api.Timeout(value = 30, unit = java.util.concurrent.TimeUnit.MINUTES) // a dozen CLI runs under TCG
class OpenZfsIncrementalVerifyTest {
    private static final Duration TIMEOUT = Duration.ofMinutes(8);

    @Test
    void shouldBuildTheFullManifestFromTheEarlierOneReadingOnlyWhatChanged(TestPools pools, OpenZfsGuest guest)
            throws IOException {
        DatasetName pool = pools.create("iv");
        DatasetName dataset = pool.resolve("tree");
        pools.exec("zfs", "create", dataset.name());
        String dir = pools.mountpoint(dataset).toString();
        Path work = Files.createTempDirectory(guest.scratchDirectory(), "incremental-");
        Steps steps = new Steps(pools, guest, dataset, work);

        change(pools, dir, "mkdir -p docs/old sub/deep keep; for i in $(seq 1 20); do head -c $((i * 7000)) /dev/urandom"
                + " > keep/f$i; done; printf x > 'sp ace'; printf y > \"$(printf 'nl\\nname')\";"
                + " printf u > 'n\u00e9e'; printf w > \"$(printf 'bad\\377')\"; printf v > \"$(printf 'odd\\376')\"; printf b > 'back\\slash'; printf t > \"$(printf 'tab\\there')\"; head -c 300000 /dev/urandom > big; head -c 1048576 /dev/urandom > large;"
                + " head -c 200000 /dev/urandom > docs/old/a; head -c 10000 /dev/urandom > docs/old/b;"
                + " head -c 5000 /dev/urandom > sub/deep/c; : > empty; ln -s keep/f1 link; mkfifo fifo");
        steps.full("s1");

        // one step changes everything at once, so the guest runs few JVMs: edits, an append, a
        // delete, a directory deleted, renamed (twice) and added, a file renamed, a hole punched,
        // truncated shorter and longer, a file replaced by a link, a mode change, two names swapped,
        // a name deleted and created again, a file moved into another directory
        change(pools, dir, "dd if=/dev/urandom of=large bs=4096 seek=300000 oflag=seek_bytes count=1 conv=notrunc"
                + " status=none; echo more >> keep/f3; dd if=/dev/urandom of=keep/f5 bs=4K seek=1 count=1 conv=notrunc"
                + " status=none; rm keep/f7; rm -r sub; mv docs/old docs/new; mv keep/f9 keep/f9-renamed; mkdir added;"
                + " echo n > added/n1; head -c 70000 /dev/urandom > added/n2;"
                + " fallocate --punch-hole --keep-size --offset 65536 --length 131072 big;"
                + " truncate -s 100000 keep/f10; truncate -s 30000 keep/f11; rm 'sp ace'; ln -s keep/f2 'sp ace';"
                + " chmod 600 keep/f12; mv keep/f1 tmpx; mv keep/f14 keep/f1; mv tmpx keep/f14; rm keep/f4;"
                + " head -c 9000 /dev/urandom > keep/f4; mv docs/new/a added/a-moved; mv docs newdocs;"
                + " printf more >> \"$(printf 'nl\\nname')\"; printf more >> 'n\u00e9e'; printf w >> \"$(printf 'bad\\377')\"");
        steps.incremental("s1", "s2", List.of("added/a-moved", "added/n1", "added/n2", "big", "keep/f1", "keep/f10",
                "keep/f11", "keep/f12", "keep/f14", "keep/f3", "keep/f4", "keep/f5", "keep/f9-renamed", "large",
                "nl\nname", "n\u00e9e", "bad\udcff"));
        // large (16 chunks of 64 KiB): 4 KiB written at 300000 rewrote its 128 KiB record 2, chunks 4
        // and 5; of the 14 others 2 are read as a check (chunks 0 and 8), 12 taken over. big (5
        // chunks) had a hole punched over parts of its records 0 and 1 (chunks 0-3): chunk 4 is
        // its one check
        JsonNode report = steps.report("s2");
        assertThat(fileEntry(report, "large").get("reusedChunks").asLong()).isEqualTo(12);
        assertThat(fileEntry(report, "big").get("reusedChunks").asLong()).isZero();
        assertThat(report.get("totals").get("readBytes").asLong())
                .isEqualTo(report.get("totals").get("bytes").asLong() - 12 * 65536);
        assertThat(report.get("log").toString()).contains("2 file(s) modified in place read in part: 9 of their 21"
                + " chunks");

        change(pools, dir, "ln keep/f6 hard6; echo x >> keep/f8");
        steps.fallback("s2", "s3", "the link count of keep/f6 changed (+1) and zfs diff does not name the other link");

        change(pools, dir, "echo y >> keep/f13");
        pools.exec("zfs", "umount", dataset.name());
        try {
            steps.fallback("s3", "s4", dataset + " is not mounted at its mountpoint property (mounted: no");
        } finally {
            pools.exec("zfs", "mount", dataset.name());
        }
        change(pools, dir, "echo z >> keep/f15");
        pools.exec("zfs", "snapshot", dataset + "@s5");

        // the manifest of s1 is not the one of s4: its header names s1's GUID, so it is not built on (it
        // was, and zfs diff from s4 then disagreed with it, or would have agreed with a wrong one)
        CommandResult wrong = guest.cli(TIMEOUT, "verify", dataset + "@s5", "--block-size", "64K",
                "--since", dataset + "@s4", "--since-manifest", guest.pathInGuest(work.resolve("s1.full")),
                "-o", guest.pathInGuest(work.resolve("wrong.manifest")), "--report",
                guest.pathInGuest(work.resolve("wrong.json")));
        assertThat(wrong.exitStatus()).as(wrong.stderr()).isZero();
        String s1 = pools.exec("zfs", "get", "-Hp", "-o", "value", "guid", dataset + "@s1").stdout().strip();
        String s4 = pools.exec("zfs", "get", "-Hp", "-o", "value", "guid", dataset + "@s4").stdout().strip();
        JsonNode since = new ObjectMapper().readTree(work.resolve("wrong.json").toFile()).get("incremental");
        assertThat(since.get("fullBecause").asText()).isEqualTo("the earlier manifest is of a snapshot with guid " + s1
                + ", but " + dataset + "@s4 here has guid " + s4 + " (made anew under the same name, or another host's"
                + " snapshot)");
        assertThat(since.get("reusedFiles").asLong()).isZero();
        assertThat(Files.readAllLines(work.resolve("wrong.manifest"))).contains("# snapshot-guid: "
                + pools.exec("zfs", "get", "-Hp", "-o", "value", "guid", dataset + "@s5").stdout().strip(),
                "# host: " + pools.exec("uname", "-n").stdout().strip());
    }

    private static JsonNode fileEntry(JsonNode report, String path) {
        for (JsonNode file : report.get("files")) {
            if (file.get("path").asText().equals(path)) {
                return file;
            }
        }
        throw new AssertionError(path + " is not among the files read: " + report.get("files"));
    }

    private static void change(TestPools pools, String dir, String script) {
        pools.exec("sh", "-c", "set -e; cd \"$1\"; " + script, "change", dir);
    }

    /** Verifies snapshots of one dataset, full and incremental, into {@code work}. */
    private record Steps(TestPools pools, OpenZfsGuest guest, DatasetName dataset, Path work) {
        /** Snapshots the dataset as {@code name} and writes its full manifest {@code <name>.full}. */
        Path full(String name) {
            pools.exec("zfs", "snapshot", dataset + "@" + name);
            return verify(name, "full");
        }

        /**
         * Snapshots as {@code later}, verifies it since {@code earlier} (on its full manifest) and
         * fully, and checks the two are the same bytes and that exactly {@code read} were read.
         */
        void incremental(String earlier, String later, List<String> read) throws IOException {
            Path full = full(later);
            Path manifest = verify(later, "incremental", "--since", dataset + "@" + earlier, "--since-manifest",
                    guest.pathInGuest(work.resolve(earlier + ".full")));

            assertThat(Files.readString(manifest)).isEqualTo(Files.readString(full));
            JsonNode incremental = report(later).get("incremental");
            long total = Files.readAllLines(full).stream().filter(line -> line.startsWith("# size: ")).count();
            assertThat(hashed(later)).containsExactlyElementsOf(read.stream().sorted().toList()); // manifest order
            assertThat(incremental.get("since").asText()).isEqualTo(dataset + "@" + earlier);
            assertThat(incremental.get("fullBecause").isNull()).as(incremental.toString()).isTrue();
            assertThat(incremental.get("reusedFiles").asLong()).isEqualTo(total - read.size());
        }

        /**
         * Snapshots as {@code later} and verifies it since {@code earlier}, which reads everything
         * for {@code fullBecause}: every file of the earlier manifest, and whatever was added, is read.
         */
        void fallback(String earlier, String later, String fullBecause) throws IOException {
            pools.exec("zfs", "snapshot", dataset + "@" + later);
            verify(later, "incremental", "--since", dataset + "@" + earlier, "--since-manifest",
                    guest.pathInGuest(work.resolve(earlier + ".full")));

            JsonNode incremental = report(later).get("incremental");
            assertThat(incremental.get("fullBecause").asText()).contains(fullBecause);
            assertThat(incremental.get("reusedFiles").asLong()).isZero();
            List<String> before = Files.readAllLines(work.resolve(earlier + ".full")).stream()
                    .filter(line -> line.startsWith("# size: ")).map(line -> ManifestPaths.unescape(line.substring(line.indexOf('\t') + 1)))
                    .toList();
            assertThat(hashed(later)).containsAll(before);
            Files.copy(work.resolve(later + ".incremental"), work.resolve(later + ".full"));
        }

        JsonNode report(String snapshot) throws IOException {
            return new ObjectMapper().readTree(work.resolve(snapshot + ".incremental.json").toFile());
        }

        private List<String> hashed(String snapshot) throws IOException {
            List<String> hashed = new ArrayList<>();
            report(snapshot).get("files").forEach(file -> hashed.add(file.get("path").asText()));
            return hashed;
        }

        private Path verify(String snapshot, String kind, String... more) {
            Path manifest = work.resolve(snapshot + "." + kind);
            List<String> arguments = new ArrayList<>(List.of("verify", dataset + "@" + snapshot, "--block-size", "64K",
                    "-o", guest.pathInGuest(manifest), "--report", guest.pathInGuest(work.resolve(snapshot + "." + kind
                            + ".json"))));
            arguments.addAll(List.of(more));
            CommandResult result = guest.cli(TIMEOUT, arguments.toArray(String[]::new));
            System.out.printf("verify %s@%s (%s): %s%n", dataset, snapshot, kind, result.stderr().strip());
            assertThat(result.exitStatus()).as(result.stderr()).isZero();
            return manifest;
        }
    }
}
