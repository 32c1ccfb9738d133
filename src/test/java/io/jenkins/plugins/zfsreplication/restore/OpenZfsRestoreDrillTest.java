package io.jenkins.plugins.zfsreplication.restore;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsGuest;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * restore-drill of an encrypted backup, where only OpenZFS has encryption: a dataset encrypted
 * with a key file in the guest, its manifest made on the source, sent raw to a backup pool (where
 * the key is never loaded), then drilled by the CLI inside the guest: received raw into a scratch
 * dataset, the key loaded there, verified equal to the source's manifest, and the scratch dataset
 * gone afterwards. Without the key the copy is received but cannot be verified.
 */
@ExtendWith(OpenZfsTestBed.class)
// under TCG on a busy host a raw receive of a few MiB has taken nearly five minutes (its last txg)
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class OpenZfsRestoreDrillTest {
    private static final Duration TIMEOUT = Duration.ofMinutes(15);

    @Test
    void shouldRestoreAnEncryptedBackupRawLoadItsKeyAndMatchTheSourcesManifest(TestPools pools, OpenZfsGuest guest)
            throws Exception {
        Backup backup = new Backup(pools, guest, "ed");

        CommandResult drill = guest.cli(TIMEOUT, "restore-drill", "--snapshot", backup.copy + "@s1", "--scratch",
                backup.scratch.name(), "--manifest", backup.manifest, "--key-file", backup.key, "--artifacts", backup.dir);

        assertThat(drill.exitStatus()).as(drill.stderr()).isZero();
        JsonNode record = backup.record();
        assertThat(record.get("result").asText()).isEqualTo("identical");
        assertThat(record.get("encrypted").asBoolean()).isTrue();
        assertThat(record.get("raw").asBoolean()).isTrue();
        assertThat(record.get("keyLoaded").asBoolean()).isTrue();
        assertThat(record.get("scratchDestroyed").asBoolean()).isTrue();
        assertThat(record.get("guid").asText()).isEqualTo(pools.exec("zfs", "get", "-Hpo", "value", "guid",
                backup.source + "@s1").stdout().strip());
        assertThat(record.get("log").toString()).contains("zfs load-key -L file://" + backup.key + " " + backup.scratch,
                "zfs destroy -r " + backup.scratch);
        // the restored copy hashed to the source's chunks, line for line (the tool's version line aside)
        assertThat(chunkLines(pools.exec("cat", backup.dir + "/restore-drill.manifest").stdout()))
                .isEqualTo(chunkLines(pools.exec("cat", backup.manifest).stdout()))
                .contains("# end: 2 files, 4 chunks");
        assertThat(drill.stdout()).startsWith("restore drill " + backup.copy + "@s1 -> " + backup.scratch + ": identical; ")
                .endsWith("; scratch dataset destroyed\n");
        backup.assertOnlyTheBackupIsLeft();
        // the backup's own key was never loaded: the drill touched only its scratch copy
        assertThat(pools.exec("zfs", "get", "-Ho", "value", "keystatus", backup.copy.name()).stdout().strip())
                .isEqualTo("unavailable");
    }

    @Test
    void shouldReceiveAnEncryptedBackupWithoutAKeyAsUnverifiedAndStillDestroyTheScratchDataset(TestPools pools,
                                                                                               OpenZfsGuest guest)
            throws Exception {
        Backup backup = new Backup(pools, guest, "en");

        CommandResult drill = guest.cli(TIMEOUT, "restore-drill", "--snapshot", backup.copy + "@s1", "--scratch",
                backup.scratch.name(), "--manifest", backup.manifest, "--artifacts", backup.dir);

        assertThat(drill.exitStatus()).as(drill.stderr()).isEqualTo(1);
        JsonNode record = backup.record();
        assertThat(record.get("result").asText()).isEqualTo("unverified");
        assertThat(record.get("raw").asBoolean()).isTrue();
        assertThat(record.get("keyLoaded").asBoolean()).isFalse();
        assertThat(record.get("bytes").asLong()).isPositive();
        assertThat(record.get("scratchDestroyed").asBoolean()).isTrue();
        assertThat(record.get("error").asText())
                .isEqualTo("the backup is encrypted and no key was given: received raw, not verified");
        backup.assertOnlyTheBackupIsLeft();
    }

    private static List<String> chunkLines(String manifest) {
        return manifest.lines().filter(line -> !line.startsWith("# tool:")).toList();
    }

    /**
     * An encrypted source dataset (raw 32-byte key in a file in the guest) with two files, snapshot
     * s1 and its manifest made by the CLI on the source, and the snapshot sent raw to a backup pool.
     */
    private static final class Backup {
        final TestPools pools;
        final DatasetName source;
        final DatasetName pool;
        final DatasetName copy;
        final DatasetName scratch;
        final String key;
        final String dir;
        final String manifest;

        Backup(TestPools pools, OpenZfsGuest guest, String name) {
            this.pools = pools;
            DatasetName sourcePool = pools.create(name + "s");
            pool = pools.create(name + "b");
            source = sourcePool.resolve("secret");
            copy = pool.resolve("secret");
            scratch = pool.resolve("drill");
            dir = "/tmp/" + pool;
            key = dir + "/raw.key";
            manifest = dir + "/source.manifest";
            pools.exec("mkdir", "-p", dir);
            byte[] raw = new byte[32];
            new Random(11).nextBytes(raw);
            guest.write(key, raw);
            pools.exec("zfs", "create", "-o", "encryption=on", "-o", "keyformat=raw", "-o", "keylocation=file://" + key,
                    source.name());
            byte[] data = new byte[3 << 20];
            new Random(12).nextBytes(data);
            pools.write(source, "data.bin", data);
            pools.write(source, "notes.txt", "restore me\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            pools.exec("zfs", "snapshot", source + "@s1");
            CommandResult verify = guest.cli(TIMEOUT, "verify", "-o", manifest, source + "@s1");
            assertThat(verify.exitStatus()).as(verify.stderr()).isZero();
            pools.pipe(List.of("zfs", "send", "-w", source + "@s1"), List.of("zfs", "recv", "-u", copy.name()));
            assertThat(pools.exec("zfs", "get", "-Ho", "value", "keystatus", copy.name()).stdout().strip())
                    .isEqualTo("unavailable");
        }

        JsonNode record() throws Exception {
            return new ObjectMapper().readTree(pools.exec("cat", dir + "/restore-drill.json").stdout());
        }

        void assertOnlyTheBackupIsLeft() {
            assertThat(pools.exec("zfs", "list", "-Hr", "-t", "all", "-o", "name", pool.name()).stdout().lines().sorted()
                    .toList()).containsExactly(pool.name(), copy.name(), copy + "@s1");
        }
    }
}
