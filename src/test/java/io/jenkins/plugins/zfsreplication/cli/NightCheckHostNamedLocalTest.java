package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * {@code night --check} names a target host the config calls "local" by that name on every line,
 * its tools too: the host is reached over ssh, whatever it is called; only a config without
 * target-host is this host.
 */
@ExtendWith(ZfsTestBed.class)
class NightCheckHostNamedLocalTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldNameAHostCalledLocalByItsNameOnEveryLine(TestPools pools) throws IOException {
        DatasetName source = pools.create("nlsrc").resolve("home");
        DatasetName target = pools.create("nlbak").resolve("home");
        pools.exec("zfs", "create", source.name());
        pools.exec("zfs", "create", target.name());
        Path config = folder.resolve("night.conf");
        Files.writeString(config, String.join("\n", "source = " + source, "target-root = " + target,
                "target-host = local", "compress = zstd", "runs = " + folder.resolve("runs"), ""));
        SshToThisHost runner = new SshToThisHost();

        assertThat(Main.run(new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true)),
                "night", "--config", config.toString(), "--check")).as(out + "\n" + err).isZero();

        List<String> targetLines = out.toString().lines().filter(line -> line.startsWith("target ")).toList();
        assertThat(targetLines).hasSize(3).allSatisfy(line -> assertThat(line).startsWith("target local: "));
        assertThat(targetLines.get(2)).isEqualTo("target local: zstd present");
        assertThat(runner.destinations).containsOnly("local");
    }

    /** Runs what ssh would run on a host called "local" here, each command exactly as the engine gave it. */
    private static final class SshToThisHost implements CommandRunner {
        private final java.util.Set<String> destinations = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private final ProcessCommandRunner here = new ProcessCommandRunner();

        @Override
        public CommandResult run(List<String> command, Duration timeout) {
            if (!command.get(0).equals("ssh") || !command.contains("--")) {
                return here.run(command, timeout);
            }
            int separator = command.indexOf("--");
            destinations.add(command.get(separator - 1));
            return here.run(SimCluster.unquote(command.get(separator + 1)), timeout);
        }

        @Override
        public String host() {
            return "local";
        }
    }
}
