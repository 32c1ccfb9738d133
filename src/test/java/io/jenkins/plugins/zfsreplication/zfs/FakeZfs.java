package io.jenkins.plugins.zfsreplication.zfs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code zfs} of the test's making, first on the PATH of every command a runner starts
 * ({@code env PATH=DIR:$PATH command...}): it answers the capability probe as OpenZFS 2.2 does and
 * runs a shell body for every other command. What a broken or compromised host's zfs may do, in
 * real processes.
 */
public final class FakeZfs {
    private FakeZfs() {
    }

    /** A runner whose commands find, in {@code dir}, a zfs that runs {@code body} (sh) for all but the probe. */
    public static CommandRunner onPath(Path dir, String body) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path usage = dir.resolve("usage.txt");
        try (InputStream in = FakeZfs.class.getResourceAsStream("openzfs-usage.txt")) {
            Files.write(usage, in.readAllBytes());
        }
        Files.writeString(bin.resolve("zfs"), String.join("\n", "#!/bin/sh",
                "case \"$1\" in",
                "  -\\?) cat '" + usage + "' >&2; exit 2 ;;",
                "  version) echo zfs-2.2.2-1; echo zfs-kmod-2.2.2-1 ;;",
                "  *) " + body + " ;;",
                "esac", ""));
        Files.setPosixFilePermissions(bin.resolve("zfs"), PosixFilePermissions.fromString("rwxr-xr-x"));
        return new OnPath(bin, new ProcessCommandRunner());
    }

    /** Runs every command with {@code bin} first on its PATH. */
    private record OnPath(Path bin, CommandRunner real) implements CommandRunner {
        @Override
        public CommandResult run(List<String> command, Duration timeout) {
            return real.run(onPath(command), timeout);
        }

        @Override
        public <T> Streamed<T> stream(List<String> command, Duration timeout, OutputReader<T> reader) {
            return real.stream(onPath(command), timeout, reader);
        }

        private List<String> onPath(List<String> command) {
            List<String> argv = new ArrayList<>(List.of("env", "PATH=" + bin + ":" + System.getenv("PATH")));
            argv.addAll(command);
            return argv;
        }

        @Override
        public String host() {
            return "local";
        }
    }
}
