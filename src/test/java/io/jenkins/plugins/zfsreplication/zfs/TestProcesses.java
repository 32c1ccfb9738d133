package io.jenkins.plugins.zfsreplication.zfs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * This JVM's live descendants that a test may call its own. Classes run one at a time, but a guest
 * test that its timeout left running (its thread is abandoned, not stopped) may still have ssh
 * clients into the OpenZFS guest and their metering shells: they are recognised by the guest's ssh
 * configuration in their command line, and left out.
 */
public final class TestProcesses {
    /**
     * Held while a test swaps System.out and System.err to capture a command's output, and while a
     * test prints its summary lines ({@link #println}): neither ends up in the other.
     */
    public static final Object CONSOLE = new Object();

    private TestProcesses() {
    }

    /** A line on the test JVM's standard output, never inside a capture (see {@link #CONSOLE}). */
    public static void println(String line) {
        synchronized (CONSOLE) {
            System.out.println(line);
        }
    }

    /** Live descendants, less those that talk to the OpenZFS guest. */
    public static Stream<ProcessHandle> descendants() {
        String guestConfig = System.getenv("ZFSR_GUEST_SSH_CONFIG");
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(handle -> guestConfig == null || guestConfig.isEmpty()
                        || !cmdline(handle.pid()).contains(guestConfig));
    }

    /** The command line of a process, arguments joined by spaces; empty once it has gone. */
    public static String cmdline(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                    StandardCharsets.UTF_8).replace('\0', ' ').strip();
        } catch (IOException e) {
            return "";
        }
    }
}
