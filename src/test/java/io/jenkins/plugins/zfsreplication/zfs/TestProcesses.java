package io.jenkins.plugins.zfsreplication.zfs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * This JVM's live descendants that a test may call its own. The OpenZFS lifecycle runs concurrently
 * with the other test classes (it spends most of its quarter of an hour waiting on the emulated
 * guest), so its ssh clients into the guest and their metering shells are live descendants at any
 * moment: they are recognised by the guest's ssh configuration in their command line, and left out.
 */
public final class TestProcesses {
    /**
     * Held while a test swaps System.out and System.err to capture a command's output, and while the
     * concurrent lifecycle prints its lines ({@link #println}): neither ends up in the other.
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
