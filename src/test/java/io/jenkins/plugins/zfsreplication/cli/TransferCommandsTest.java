package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.transfer.tcp.RunCertificate;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** send, recv and run in-process on real pools: artifacts, and bad input refused with nothing destroyed. */
@ExtendWith(ZfsTestBed.class)
class TransferCommandsTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final CliEnvironment environment = new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
            new PrintWriter(err, true));

    @Test
    void shouldRunAPlanAndWriteItsArtifactsWithTheStreamsExactBytes(TestPools pools, @TempDir Path dir) throws Exception {
        Pair pair = new Pair(pools);
        Path plan = dir.resolve("plan.json");
        PlanJson.write(pair.plan(pair.step(SendKind.FULL, null, "s1")), plan);
        long streamBytes = Long.parseLong(pools.exec("sh", "-c", "zfs send \"$1\" | wc -c", "sh",
                pair.source + "@s1").stdout().strip());

        int status = Main.run(environment, "run", plan.toString(), "--artifacts", dir.toString(), "--interval", "0.2");

        assertThat(status).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(dir.resolve("transfer.json").toFile());
        assertThat(json.get("format").asInt()).isEqualTo(1);
        assertThat(json.get("result").asText()).isEqualTo("ok");
        JsonNode step = json.get("steps").get(0);
        assertThat(step.get("dataset").asText()).isEqualTo(pair.source.name());
        assertThat(step.get("to").asText()).isEqualTo("s1");
        assertThat(step.get("toGuid").asText()).isEqualTo(pair.ref("s1").guidText());
        // counted at the mbuffer stage on zfs-fuse: plus the few one-byte writes to mbuffer's own wake-up pipe
        assertThat(step.get("bytes").asLong()).isBetween(streamBytes, streamBytes + 16);
        assertThat(step.get("result").asText()).isEqualTo("ok");
        assertThat(Files.readAllLines(dir.resolve("throughput.csv")).get(0))
                .isEqualTo("time,seconds,dataset,bytes,bytes_per_second");
        assertThat(Files.readString(dir.resolve("throughput.svg"))).startsWith("<svg").contains("total");
        assertThat(pair.targetSnapshots()).containsExactly("s1 " + pair.ref("s1").guidText());
    }

    @Test
    void shouldRefuseAPlanWhoseBaseSnapshotVanishedWithoutTouchingTheTarget(TestPools pools, @TempDir Path dir) throws Exception {
        Pair pair = new Pair(pools);
        assertThat(Main.run(environment, "send", pair.source + "@s1", "--target", pair.target.resolve("data").name(),
                "--artifacts", dir.toString())).as(err.toString()).isZero();
        Path plan = dir.resolve("plan.json");
        PlanJson.write(pair.plan(pair.step(SendKind.INCREMENTAL, "s1", "s2")), plan);
        List<String> before = pair.targetSnapshots();
        pools.exec("zfs", "destroy", pair.source + "@s1");

        int status = Main.run(environment, "run", plan.toString(), "--artifacts", dir.toString());

        assertThat(status).isEqualTo(1);
        assertThat(err.toString()).contains("The plan is stale: snapshot " + pair.source + "@s1 (guid ")
                .contains("is no longer on the source. Make a new plan; nothing was sent or destroyed");
        assertThat(pair.targetSnapshots()).isEqualTo(before);
        assertThat(Files.readString(dir.resolve("transfer.json"))).contains("\"result\" : \"failed\"");
    }

    @Test
    void shouldRefuseAnUnknownDatasetAndAnUnreachableHost(TestPools pools, @TempDir Path dir) throws Exception {
        Pair pair = new Pair(pools);
        Files.writeString(dir.resolve("token"), "0123456789abcdef0123456789abcdef\n"
                + RunCertificate.generate().pin().encoded() + "\n");

        int unknown = Main.run(environment, "send", pair.source.resolve("nosuch") + "@s1", "--target",
                pair.target.name(), "--artifacts", dir.toString());
        int unreachable = Main.run(environment, "send", pair.source + "@s1", "--to", "127.0.0.1:1", "--token-file",
                dir.resolve("token").toString(), "--artifacts", dir.toString(), "--retries", "0",
                // the connector retries a refused connection until the receiver could still appear: 5 s, not 120
                "--accept-timeout", "5");
        int noSsh = Main.run(environment, "send", pair.source + "@s1", "--target", pair.target.name(), "--transport",
                "ssh", "--host", "127.0.0.1", "--ssh-option=-p", "--ssh-option=1", "--artifacts", dir.toString(),
                "--retries", "0");

        assertThat(List.of(unknown, unreachable, noSsh)).containsOnly(1);
        assertThat(err.toString()).contains("cannot open '" + pair.source.resolve("nosuch") + "': dataset does not exist")
                .contains("socat connect exited 1").contains("Connection refused")
                .contains("ssh: connect to host 127.0.0.1 port 1: Connection refused");
        assertThat(pair.targetSnapshots()).isEmpty();
    }

    @Test
    void shouldRefuseAWrongTokenAtTheReceiverWithoutStartingZfsRecv(TestPools pools, @TempDir Path dir) throws Exception {
        Pair pair = new Pair(pools);
        Path token = dir.resolve("token");
        CompletableFuture<Integer> receiver = CompletableFuture.supplyAsync(() -> Main.run(environment, "recv",
                pair.target.resolve("new").name(), "--listen", "127.0.0.1", "--token-file", token.toString(),
                "--accept-timeout", "10", "--artifacts", dir.resolve("recv").toString()));
        String endpoint = awaitEndpoint();
        List<String> lines = Files.readAllLines(token); // the token, then the receiver's certificate
        String real = lines.get(0);
        String wrong = real.replace(real.charAt(0), real.charAt(0) == 'a' ? 'b' : 'a');
        Files.writeString(dir.resolve("wrong"), wrong + "\n" + lines.get(1) + "\n");

        int sender = Main.run(environment, "send", pair.source + "@s1", "--to", endpoint, "--token-file",
                dir.resolve("wrong").toString(), "--artifacts", dir.resolve("send").toString());

        assertThat(receiver.get(30, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(err.toString()).contains("presented a wrong token; it was refused and zfs recv was not started");
        assertThat(Files.readString(dir.resolve("recv").resolve("transfer.json"))).contains("\"result\" : \"failed\"");
        assertThat(new Zfs(new ProcessCommandRunner()).list(List.of(pair.target), true, List.of()).objects())
                .extracting(ZfsObject::name).containsExactly(pair.target.name());
        assertThat(sender).isNotNegative();
    }

    private String awaitEndpoint() throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            String printed = out.toString();
            int at = printed.indexOf("endpoint ");
            if (at >= 0 && printed.indexOf('\n', at) > 0) {
                return printed.substring(at + 9, printed.indexOf('\n', at)).strip();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("recv printed no endpoint: " + out + err);
    }

    /** A source dataset with s1 and s2 of seeded data, and an empty target pool. */
    private static final class Pair {
        final TestPools pools;
        final Zfs zfs = new Zfs(new ProcessCommandRunner());
        final DatasetName source;
        final DatasetName target;

        Pair(TestPools pools) throws Exception {
            this.pools = pools;
            source = pools.create("s").resolve("data");
            target = pools.create("t");
            zfs.createFilesystem(source, Map.of());
            for (String snapshot : List.of("s1", "s2")) {
                byte[] data = new byte[300 << 10];
                new java.util.Random(snapshot.hashCode()).nextBytes(data);
                Files.write(pools.mountpoint(source).resolve(snapshot + ".bin"), data);
                zfs.snapshot(List.of(source.snapshot(snapshot)), false);
            }
        }

        SnapshotRef ref(String name) {
            ZfsObject object = zfs.list(List.of(source), false, List.of()).find(source.snapshot(name).toString()).orElseThrow();
            return new SnapshotRef(name, object.guid(), object.createtxg(), object.creation());
        }

        SendStep step(SendKind kind, String from, String to) {
            return new SendStep(source, target.resolve("data"), kind, from == null ? null : ref(from), ref(to), null,
                    false, -1);
        }

        ReplicationPlan plan(SendStep step) {
            return new ReplicationPlan(Instant.now(), "local", "local",
                    List.of(new DatasetPlan(step.source(), step.target(), DatasetAction.SEND, "test", List.of(step))));
        }

        List<String> targetSnapshots() {
            return zfs.list(List.of(target), true, List.of()).objects().stream().filter(ZfsObject::isSnapshot)
                    .map(o -> o.shortName() + " " + o.guidText()).toList();
        }
    }
}
