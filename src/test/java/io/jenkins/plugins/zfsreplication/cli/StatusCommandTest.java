package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * {@code status} after a real night on zfs-fuse pools: not running, the last night per dataset
 * with the bytes its transfer.json records and its freshness at the time given; running while
 * another night holds the lock; nothing before the first night, and no file written either way.
 */
@ExtendWith(ZfsTestBed.class)
class StatusCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldShowTheLastNightPerDatasetAndWhetherOneRunsNow(TestPools pools) throws IOException {
        DatasetName source = pools.create("stsrc").resolve("home");
        DatasetName target = pools.create("stbak").resolve("home");
        pools.exec("zfs", "create", source.name());
        byte[] data = new byte[1 << 20];
        new Random(47).nextBytes(data);
        pools.write(source, "file", data);
        try (TestNights nights = new TestNights(pools, folder)) {
            Path runs = nights.base().resolve("runs");
            // the night's config (in the guest on OpenZFS) and status's, here: the same runs directory
            Path nightConfig = nights.base().resolve("night.conf");
            Files.writeString(nightConfig, String.join("\n", List.of("source = " + source, "target-root = " + target,
                    "runs = " + nights.named(runs), "")));
            Path config = folder.resolve("status.conf");
            Files.writeString(config, String.join("\n", List.of("source = " + source, "target-root = " + target,
                    "runs = " + runs, "")));
            shouldShowTheNights(nights, source, target, runs, nightConfig, config);
        }
    }

    private void shouldShowTheNights(TestNights nights, DatasetName source, DatasetName target, Path runs,
                                     Path nightConfig, Path config) throws IOException {
        // before the first night: nothing, and status makes no directory
        assertThat(nights.here(out, err, "status", "--config", config.toString(), "--now", "2026-11-01T01:00:00Z")).isZero();
        assertThat(out.toString()).startsWith("not running\nlast night: none yet\nnext night: ");
        assertThat(Files.exists(runs)).isFalse();

        assertThat(nights.night(out, err, "--config", nights.named(nightConfig), "--now", "2026-11-01T02:00:00Z"))
                .as(out + "\n" + err).isZero();
        long bytes = new ObjectMapper().readTree(runs.resolve("1").resolve("transfer.json").toFile()).get("steps").get(0)
                .get("bytes").asLong();
        out.getBuffer().setLength(0);
        assertThat(nights.here(out, err, "status", "--config", config.toString(), "--now", "2026-11-01T05:30:00Z")).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).isEqualTo("not running");
        assertThat(lines.get(1)).matches("last night: " + java.util.regex.Pattern.quote(runs.resolve("1").toString())
                + ", started 2026-11-01T02:00:00Z, @zr-20261101T020000Z, exit status 0, [0-9.]+ s, check OK");
        assertThat(lines.get(2)).matches("  " + source + " -> " + target + ": ok, "
                + java.util.regex.Pattern.quote(Sizes.human(bytes)) + " in [0-9.]+ s, freshness OK \\(zr-20261101T020000Z,"
                + " 3h30m old\\)");
        assertThat(lines.get(3)).startsWith("next night: ");

        out.getBuffer().setLength(0);
        assertThat(nights.here(out, err, "status", "--config", config.toString(), "--json", "--now",
                "2026-11-01T05:30:00Z")).isZero();
        JsonNode status = new ObjectMapper().readTree(out.toString());
        assertThat(status.get("running").asBoolean()).isFalse();
        JsonNode dataset = status.get("lastNight").get("datasets").get(0);
        assertThat(dataset.get("outcome").asText()).isEqualTo("ok");
        assertThat(dataset.get("bytes").asLong()).isEqualTo(bytes);
        assertThat(dataset.get("ageSeconds").asLong()).isEqualTo(3 * 3600 + 1800);

        // another night holds the lock and has planned: running now, how far
        Path second = Files.createDirectory(runs.resolve("2"));
        Files.copy(runs.resolve("1").resolve("plan.json"), second.resolve("plan.json"));
        // as a night writes it after its plan: no exit status yet
        Files.writeString(second.resolve("night.json"), "{\"format\": 1, \"kind\": \"zfs-replication-night\", "
                + "\"startedAt\": \"2026-11-02T02:00:00Z\", \"stages\": [{\"name\": \"plan\", \"status\": 0, "
                + "\"millis\": 900}], \"finished\": false}\n");
        try (FileChannel channel = FileChannel.open(runs.resolve(".lock"), StandardOpenOption.WRITE);
             FileLock lock = channel.lock()) {
            assertThat(lock.isValid()).isTrue();
            out.getBuffer().setLength(0);
            assertThat(nights.here(out, err, "status", "--config", config.toString(), "--now",
                    "2026-11-02T02:05:00Z")).isZero();
        }
        assertThat(out.toString()).startsWith("running now: " + second + " since ").contains(", at prune (1 step(s) planned,");
        assertThat(out.toString().lines().toList().get(1)).startsWith("last night: " + runs.resolve("1") + ",");
    }
}
