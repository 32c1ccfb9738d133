package io.jenkins.plugins.zfsreplication.metrics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.jenkins.plugins.zfsreplication.zfs.TestMachine;

/**
 * Prometheus' own parser and linter: {@code promtool check metrics} (Debian package prometheus,
 * installed by bin/test). It reads the exposition text on stdin and prints every problem, parse
 * errors and naming-convention lint alike; no output and exit status 0 mean clean.
 */
public final class Promtool {
    private Promtool() {
    }

    /** What promtool printed about {@code file} (empty when it is clean); fails when promtool exits non-zero. */
    public static String check(Path file) throws IOException, InterruptedException {
        if (Files.notExists(Path.of("/usr/bin/promtool"))) {
            throw TestMachine.missing("promtool is missing: install Debian's prometheus package (bin/test does)");
        }
        Process process = new ProcessBuilder("/usr/bin/promtool", "check", "metrics").redirectErrorStream(true)
                .redirectInput(file.toFile()).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(1, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("promtool did not finish");
        }
        if (process.exitValue() != 0) {
            throw new AssertionError("promtool check metrics failed (" + process.exitValue() + "):\n" + output);
        }
        return output;
    }
}
