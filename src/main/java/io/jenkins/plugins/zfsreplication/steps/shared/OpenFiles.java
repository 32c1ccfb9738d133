package io.jenkins.plugins.zfsreplication.steps.shared;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Where another process can open a file this JVM holds open: Linux's {@code /proc/<pid>/fd/<n>}. */
final class OpenFiles {
    private static final Path OWN_DESCRIPTORS = Path.of("/proc/self/fd");

    private OpenFiles() {
    }

    /** Whether this system lists a process's open files under {@code /proc}. */
    static boolean available() {
        return Files.isDirectory(OWN_DESCRIPTORS);
    }

    /**
     * {@code /proc/<this JVM's pid>/fd/<n>} for the descriptor this JVM holds on {@code file} (the
     * lowest, if several), found while the file still has its name; empty when there is no
     * {@code /proc} or this JVM does not hold the file open. {@code /proc/self} would name the
     * reading process, hence the pid.
     */
    static Optional<Path> descriptorPath(Path file) throws IOException {
        if (!available()) {
            return Optional.empty();
        }
        Path real = file.toRealPath();
        int lowest = -1;
        try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(OWN_DESCRIPTORS)) {
            for (Path descriptor : descriptors) {
                Path target;
                try {
                    target = Files.readSymbolicLink(descriptor);
                } catch (IOException e) {
                    continue; // closed since it was listed (the listing's own descriptor, for one)
                }
                int number = Integer.parseInt(String.valueOf(descriptor.getFileName()));
                if (target.equals(real) && (lowest < 0 || number < lowest)) {
                    lowest = number;
                }
            }
        }
        return lowest < 0 ? Optional.empty()
                : Optional.of(Path.of("/proc", Long.toString(ProcessHandle.current().pid()), "fd", Integer.toString(lowest)));
    }
}
