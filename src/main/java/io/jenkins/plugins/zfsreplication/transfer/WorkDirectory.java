package io.jenkins.plugins.zfsreplication.transfer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Removes a transfer's scratch directory (fifos, endpoints, logs already archived) once the
 * transfer is over, deepest entries first. Best effort by design: what could not be removed is
 * returned, so that the caller can say so, and never turns a finished transfer into a failure.
 */
public final class WorkDirectory {
    private WorkDirectory() {
    }

    /** Deletes {@code directory} and everything in it; returns the paths that are still there. */
    public static List<Path> delete(Path directory) {
        List<Path> left = new ArrayList<>();
        if (directory == null || !Files.exists(directory)) {
            return left;
        }
        List<Path> entries;
        try (Stream<Path> paths = Files.walk(directory)) {
            entries = paths.sorted(Comparator.reverseOrder()).toList();
        } catch (IOException e) {
            left.add(directory);
            return left;
        }
        for (Path entry : entries) {
            try {
                Files.deleteIfExists(entry);
            } catch (IOException e) {
                left.add(entry);
            }
        }
        return left;
    }
}
