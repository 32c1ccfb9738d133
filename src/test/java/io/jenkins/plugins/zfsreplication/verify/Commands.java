package io.jenkins.plugins.zfsreplication.verify;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a test helper command (argument vector) and returns its stdout; fails with its output otherwise. */
final class Commands {
    private Commands() {
    }

    static String run(String... command) {
        return run(List.of(command));
    }

    static String run(List<String> command) {
        Result result = tryRun(command);
        if (result.exit() != 0) {
            throw new IllegalStateException(command + " failed with exit " + result.exit() + ": " + result.output());
        }
        return result.output();
    }

    record Result(int exit, String output) {
    }

    static Result tryRun(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(command + " timed out");
            }
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
