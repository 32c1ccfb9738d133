package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A night's step interrupted on OpenZFS, as an admin meets it: {@code plan}, then {@code run} with
 * resumable receives, whose {@code zfs send} is killed mid-stream (the run fails and the target
 * keeps a resume token), then the next {@code run} of the same plan, which resumes from the token
 * and sends only the rest. Every byte count is checked against the guest's own streams counted
 * with {@code wc -c}: the oracle is zfs, not the engine.
 */
@ExtendWith(OpenZfsTestBed.class)
class OpenZfsResumeTest {
    private static final String NOW = "2026-12-01T00:00:00Z";
    private static final String SNAPSHOT = "zr-20261201T000000Z";
    /** A resumed stream starts again at the record the cut one stopped in: 128 KiB, zfs's default recordsize. */
    private static final long RECORD = 128 << 10;
    /** The resumed stream's own BEGIN and OBJECT records (a few hundred bytes each). */
    private static final long HEADERS = 8192;
    /**
     * A relayed step is counted on its two ssh clients, whose counters also hold ssh's own traffic
     * (key exchange, window adjustments) and start-up reads: measured 40-75 KiB a step.
     */
    private static final long SSH_SLACK = 128 << 10;
    /** Finds the step's zfs send in the guest, waits 2 s (about 4 MiB of 12 at 2 MiB/s), kills it. */
    private static final String KILL_THE_SENDER = "for i in $(seq 1 1200); do"
            + " pid=$(pgrep -f -x \"zfs send( -[A-Za-z]+)* $1\") && break; sleep 0.1; done;"
            + " [ -n \"$pid\" ] || exit 3; sleep 2; kill -KILL $pid";

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void shouldResumeAKilledSendFromTheTargetsTokenAndSendOnlyTheRest(TestPools pools, @TempDir Path dir)
            throws Exception {
        PoolsCli cli = new PoolsCli(pools);
        DatasetName source = pools.create("rs").resolve("data");
        DatasetName target = pools.create("rt").resolve("data");
        pools.exec("zfs", "create", "-o", "compression=off", source.name());
        pools.exec("dd", "if=/dev/urandom", "of=" + pools.mountpoint(source) + "/blob", "bs=1M", "count=12",
                "status=none");
        cli.cli("plan", "--snapshot-now", "--now", NOW, "--target-root", target.name(), "-o", dir.toString(),
                source.name());
        String snapshot = source + "@" + SNAPSHOT;
        long full = streamBytes(pools, "zfs send \"$1\"", snapshot);
        String plan = dir.resolve("plan.json").toString();

        // the first run's zfs send is killed mid-stream
        CompletableFuture<CommandResult> killer = CompletableFuture.supplyAsync(() -> pools.runner()
                .run(List.of("sh", "-c", KILL_THE_SENDER, "kill", snapshot), Duration.ofMinutes(3)));
        int first = cli.runStatus(plan, "--option", "resumable", "--buffer", "1M", "--rate-limit", "2M",
                "--retries", "0", "--artifacts", dir.resolve("first").toString());
        CommandResult kill = killer.get(3, TimeUnit.MINUTES);
        assertThat(kill.exitStatus()).as("the step's zfs send was found and killed: %s%s", kill.stderr(), cli.lastErr())
                .isZero();
        assertThat(first).as(cli.lastErr()).isNotZero();
        JsonNode cut = step(dir.resolve("first/transfer.json"));
        assertThat(cut.get("result").asText()).as(cut.toString()).isNotEqualTo("ok");

        // the target kept what it received, and a token; what is left is the token's own stream
        String token = pools.exec("zfs", "get", "-H", "-o", "value", "receive_resume_token", target.name())
                .stdout().strip();
        assertThat(token).matches("1-[0-9a-f]+-[0-9a-f]+-[0-9a-f]+");
        long received = Long.decode(field(pools.exec("zfs", "send", "-nvPt", token).stdout(), "bytes"));
        long rest = streamBytes(pools, "zfs send -t \"$1\"", token);
        assertThat(received).as("bytes the target received of %d", full).isBetween(1L, full - 1);

        // the next run of the same plan resumes and sends exactly the rest
        cli.run(plan, "--option", "resumable", "--retries", "0", "--artifacts", dir.resolve("second").toString());
        assertThat(cli.lastErr()).contains(target + ": resuming the interrupted receive of " + SNAPSHOT
                + " from the target's resume token");
        JsonNode resumed = step(dir.resolve("second/transfer.json"));
        assertThat(resumed.get("kind").asText()).isEqualTo("RESUME");
        assertThat(resumed.get("result").asText()).isEqualTo("ok");
        long sent = resumed.get("bytes").asLong();
        System.out.printf("resume on OpenZFS: full stream %,d bytes; the target had received %,d when zfs send was"
                + " killed; the rest (zfs send -t) is %,d; the next run counted %,d; received + rest - full = %,d%n",
                full, received, rest, sent, received + rest - full);
        // the stream sent is the token's, whose bytes the oracle counted; what was sent twice is at
        // most the record the stream was cut in, and the resumed stream's headers
        assertThat(cli.lastErr()).contains("'zfs' 'send' '-t' '" + token + "'");
        assertThat(sent).isBetween(rest, rest + SSH_SLACK).isLessThan(full);
        assertThat(received + rest - full).isBetween(0L, RECORD + HEADERS);

        // the copy is the source's snapshot, and no token is left
        assertThat(guid(pools, target + "@" + SNAPSHOT)).isEqualTo(guid(pools, snapshot));
        assertThat(pools.exec("zfs", "get", "-H", "-o", "value", "receive_resume_token", target.name()).stdout().strip())
                .isEqualTo("-");
    }

    /** The bytes of a stream, counted in the guest: {@code COMMAND | wc -c}, with $1 the argument. */
    private static long streamBytes(TestPools pools, String command, String argument) {
        return Long.parseLong(pools.exec("sh", "-c", command + " | wc -c", "stream", argument).stdout().strip());
    }

    private static String guid(TestPools pools, String snapshot) {
        return pools.exec("zfs", "get", "-Hp", "-o", "value", "guid", snapshot).stdout().strip();
    }

    /** A value of {@code zfs send -nvPt}'s description of a token: its "NAME = VALUE" line. */
    private static String field(String text, String name) {
        return text.lines().map(String::strip).filter(line -> line.startsWith(name + " = "))
                .map(line -> line.substring(name.length() + 3)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + text));
    }

    /** The only step of a transfer.json. */
    private static JsonNode step(Path transferJson) throws java.io.IOException {
        JsonNode steps = new ObjectMapper().readTree(transferJson.toFile()).get("steps");
        assertThat(steps).hasSize(1);
        return steps.get(0);
    }
}
