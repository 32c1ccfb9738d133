package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.transfer.SshServer;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backup host that pulls decides what it backs up: the source's own
 * {@code zfs-replication:backup=off} on its datasets (what a compromised source would set to drop
 * out of the backup) leaves nothing out unless the backup host trusts it. On zfs-fuse pools, the
 * source reached through a real sshd on this host's loopback ({@code --source-host}).
 */
@ExtendWith(ZfsTestBed.class)
class PullOptOutTest {
    private static final String SNAPSHOT = "zr-20261201T000000Z";

    @TempDir
    Path dir;

    @Test
    void shouldReplicateWhatAPulledSourceOptsOutUnlessTheBackupHostTrustsIt(TestPools pools) throws Exception {
        DatasetName source = pools.create("pos").resolve("data");
        DatasetName target = pools.create("pot").resolve("copy");
        pools.exec("zfs", "create", source.name());
        pools.exec("zfs", "create", source + "/kept");
        pools.exec("zfs", "create", source + "/dropped");
        pools.exec("zfs", "set", "zfs-replication:backup=off", source + "/dropped");
        pools.exec("zfs", "snapshot", "-r", source + "@" + SNAPSHOT);
        String untrusted = "new target: full send of " + SNAPSHOT + "; zfs-replication:backup=off on the source is not"
                + " trusted in a pull (the backup host decides: exclude it here, or trust the source's opt-out): replicated";

        try (SshServer sshd = SshServer.onLoopback(Files.createDirectories(dir.resolve("sshd")))) {
            CommandRunner runner = withClientOptions(pools.runner(), sshd.clientOptions());

            JsonNode pulled = plan(runner, source, target, dir.resolve("pulled"), "--source-host", sshd.destination());

            assertThat(actions(pulled)).containsExactly(
                    tuple(source.name(), "SEND", "new target: full send of " + SNAPSHOT),
                    tuple(source + "/dropped", "SEND", untrusted),
                    tuple(source + "/kept", "SEND", "new target: full send of " + SNAPSHOT));

            JsonNode trusted = plan(runner, source, target, dir.resolve("trusted"), "--source-host",
                    sshd.destination(), "--trust-source-opt-out");
            JsonNode local = plan(runner, source, target, dir.resolve("local"));

            assertThat(actions(trusted)).containsExactly(
                    tuple(source.name(), "SEND", "new target: full send of " + SNAPSHOT),
                    tuple(source + "/dropped", "EXCLUDED", "zfs-replication:backup=off"),
                    tuple(source + "/kept", "SEND", "new target: full send of " + SNAPSHOT));
            // on its own host the source's property is its owner's choice, as it always was
            assertThat(actions(local)).isEqualTo(actions(trusted));
        }
    }

    private static JsonNode plan(CommandRunner runner, DatasetName source, DatasetName target, Path out,
                                 String... pull) throws IOException {
        List<String> args = new ArrayList<>(List.of("plan", "-r", "--target-root", target.name(), "-o", out.toString()));
        args.addAll(List.of(pull));
        args.add(source.name());
        StringWriter err = new StringWriter();
        int status = Main.run(new CliEnvironment(runner, new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true)), args.toArray(String[]::new));
        assertThat(status).as(err.toString()).isZero();
        return new ObjectMapper().readTree(out.resolve("plan.json").toFile());
    }

    private static List<org.assertj.core.groups.Tuple> actions(JsonNode plan) {
        List<org.assertj.core.groups.Tuple> actions = new ArrayList<>();
        plan.get("datasets").forEach(d -> actions.add(tuple(d.get("source").asText(), d.get("action").asText(),
                d.get("reason").asText())));
        return actions;
    }

    /** This host's runner, its ssh given the test sshd's port, key and host key (as ~/.ssh/config would). */
    static CommandRunner withClientOptions(CommandRunner local, List<String> options) {
        return new CommandRunner() {
            @Override
            public CommandResult run(List<String> command, Duration timeout) {
                return local.run(withOptions(command), timeout);
            }

            @Override
            public <T> Streamed<T> stream(List<String> command, Duration timeout, OutputReader<T> reader) {
                return local.stream(withOptions(command), timeout, reader);
            }

            private List<String> withOptions(List<String> command) {
                if (command.isEmpty() || !command.get(0).equals("ssh")) {
                    return command;
                }
                List<String> argv = new ArrayList<>(List.of("ssh"));
                argv.addAll(options);
                argv.addAll(command.subList(1, command.size()));
                return argv;
            }

            @Override
            public String host() {
                return local.host();
            }
        };
    }
}
