package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;

/**
 * probe's list of tools, with real programs: on a PATH that holds only setpriv and ssh (links to
 * this host's), the others are reported missing with what works without them.
 */
class RuntimeToolsTest {
    @TempDir
    Path bin;

    @Test
    void shouldNameTheMissingToolsAndWhatFallsBack() throws IOException {
        for (String tool : List.of("setpriv", "ssh")) {
            Files.createSymbolicLink(bin.resolve(tool), which(tool));
        }
        CommandRunner onlyTwo = new OnPath(new ProcessCommandRunner(), bin);

        assertThat(RuntimeTools.describe(onlyTwo)).isEqualTo(String.join("\n",
                "tools:",
                "  setpriv            yes",
                "  mbuffer            MISSING: the default buffer (--buffer 64M) and --rate-limit need it; --buffer 0"
                        + " sends without a buffer",
                "  zstd               MISSING: --compress zstd fails; none (the default) or lz4 work",
                "  lz4                MISSING: --compress lz4 fails; none (the default) or zstd work",
                "  socat              MISSING: the tcp transport fails; local and ssh work",
                "  ssh                yes", ""));
    }

    @Test
    void shouldFindEveryToolOnThisHost() {
        // the test bed installs them all (bin/test, CONTRIBUTING.md)
        assertThat(RuntimeTools.describe(new ProcessCommandRunner())).doesNotContain("MISSING");
    }

    private static Path which(String tool) {
        for (String dir : System.getenv("PATH").split(":")) {
            Path candidate = Path.of(dir, tool);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException(tool + " is not installed");
    }

    /** Runs each command with PATH set to one directory, through env(1): a missing program is exit 127. */
    private record OnPath(CommandRunner runner, Path path) implements CommandRunner {
        @Override
        public CommandResult run(List<String> command, Duration timeout) {
            List<String> env = new ArrayList<>(List.of("/usr/bin/env", "PATH=" + path));
            env.addAll(command);
            return runner.run(env, timeout);
        }

        @Override
        public String host() {
            return "local";
        }
    }
}
