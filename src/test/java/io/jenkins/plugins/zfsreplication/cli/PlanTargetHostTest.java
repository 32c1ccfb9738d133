package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.transfer.SshServer;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * Resuming a night's push by hand ({@code run runs/N/plan.json}, as operations.md says) reaches the
 * target host the plan was made for, over ssh, not this host's pools. The target host is sshd on
 * this host's loopback: the plan names it as {@code plan --target-host} would.
 */
@ExtendWith(ZfsTestBed.class)
class PlanTargetHostTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldReceiveWhereThePlanWasMadeFor(TestPools pools) throws Exception {
        DatasetName source = pools.create("ptsrc").resolve("home");
        DatasetName target = pools.create("ptbak").resolve("home");
        pools.exec("zfs", "create", source.name());
        pools.write(source, "file", new byte[64 << 10]);
        pools.exec("zfs", "snapshot", source + "@zr-20261101T020000Z");
        Path dir = Files.createDirectories(folder.resolve("runs").resolve("1"));
        assertThat(run("plan", "--target-root", target.name(), "--now", "2026-11-01T02:00:00Z", "-o", dir.toString(),
                source.name())).as(err.toString()).isZero();
        try (SshServer sshd = SshServer.onLoopback(Files.createDirectories(folder.resolve("sshd")))) {
            // the plan as a push to that host records it (plan --target-host HOST)
            ObjectNode plan = (ObjectNode) new ObjectMapper().readTree(dir.resolve("plan.json").toFile());
            plan.put("targetHost", sshd.destination());
            Files.writeString(dir.resolve("plan.json"), new ObjectMapper().writeValueAsString(plan));
            List<String> run = new ArrayList<>(List.of("run", dir.resolve("plan.json").toString(), "--artifacts",
                    dir.toString()));
            sshd.clientOptions().forEach(option -> run.add("--ssh-option=" + option));

            assertThat(run(run.toArray(String[]::new))).as(out + "\n" + err).isZero();

            assertThat(err.toString()).contains("run: the plan was made for the target on " + sshd.destination()
                    + ": receiving there over ssh\n");
            assertThat(new ObjectMapper().readTree(dir.resolve("transfer.json").toFile()).get("transport").asText())
                    .isEqualTo("ssh");
        }
        assertThat(TestApply.snapshots(pools, target.name())).containsExactly(
                "zr-20261101T020000Z " + TestApply.guid(pools, source + "@zr-20261101T020000Z"));
    }

    private int run(String... args) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
    }
}
