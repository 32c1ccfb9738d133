package io.jenkins.plugins.zfsreplication.cli;

import java.time.Duration;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * The programs the pipelines start besides zfs, each asked for its version on the probed host: which
 * are missing, and what works without them. The Debian package depends on the required ones and
 * recommends the rest.
 */
final class RuntimeTools {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    /** A program, the arguments that print its version, and what a host without it loses. */
    record Tool(String name, List<String> version, String without) {
    }

    static final List<Tool> TOOLS = List.of(
            new Tool("setpriv", List.of("setpriv", "--version"),
                    "required: every pipeline stage is tied to the command's life with it (util-linux)"),
            new Tool("mbuffer", List.of("mbuffer", "-V"),
                    "the default buffer (--buffer 64M) and --rate-limit need it; --buffer 0 sends without a buffer"),
            new Tool("zstd", List.of("zstd", "--version"), "--compress zstd fails; none (the default) or lz4 work"),
            new Tool("lz4", List.of("lz4", "--version"), "--compress lz4 fails; none (the default) or zstd work"),
            new Tool("socat", List.of("socat", "-V"), "the tcp transport fails; local and ssh work"),
            new Tool("ssh", List.of("ssh", "-V"), "the ssh transport and --host/--target-host/--source-host fail;"
                    + " local and tcp work"));

    private RuntimeTools() {
    }

    /** One line per tool: {@code NAME  yes} or {@code NAME  MISSING: what falls back}. */
    static String describe(CommandRunner runner) {
        StringBuilder text = new StringBuilder("tools:\n");
        for (Tool tool : TOOLS) {
            text.append(String.format("  %-18s %s%n", tool.name(), present(runner, tool) ? "yes" : "MISSING: " + tool.without()));
        }
        return text.toString();
    }

    /** Started and not "command not found" (127, as a shell over ssh says it). */
    static boolean present(CommandRunner runner, Tool tool) {
        try {
            return runner.run(tool.version(), TIMEOUT).exitStatus() != 127;
        } catch (ZfsException e) {
            return false;
        }
    }
}
