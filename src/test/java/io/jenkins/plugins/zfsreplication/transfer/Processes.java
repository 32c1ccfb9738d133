package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.zfs.TestProcesses;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** What the tests look for in /proc: this JVM's live children and their command lines. */
final class Processes {
    private Processes() {
    }

    /** Command lines of this JVM's live descendants (surefire's own do not exist: it forks us, not we it). */
    static List<String> liveChildren() {
        return TestProcesses.descendants().map(handle -> cmdline(handle.pid())).filter(line -> !line.isEmpty()).toList();
    }

    /** The first live descendant whose command line contains all of {@code words} (ignoring metering shells). */
    static Optional<ProcessHandle> find(String... words) {
        return TestProcesses.descendants()
                .filter(handle -> {
                    String line = cmdline(handle.pid());
                    return !line.startsWith("sh -c") && List.of(words).stream().allMatch(line::contains);
                }).findFirst();
    }

    static String cmdline(long pid) {
        return TestProcesses.cmdline(pid);
    }

    /** Polls until {@code words} names a live process; fails after 20 s. */
    static ProcessHandle await(String... words) throws InterruptedException {
        for (int i = 0; i < 400; i++) {
            Optional<ProcessHandle> found = find(words);
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no process with " + List.of(words) + " among " + liveChildren());
    }
}
