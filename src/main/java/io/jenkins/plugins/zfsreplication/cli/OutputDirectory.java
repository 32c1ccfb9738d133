package io.jenkins.plugins.zfsreplication.cli;

import java.nio.file.Files;
import java.nio.file.Path;

import io.jenkins.plugins.zfsreplication.text.TerminalText;

/**
 * Where a command writes its artifacts, checked before the work: a name that is a file, or lies
 * under one, would otherwise fail only after snapshots were taken or streams sent, and the
 * evidence of that work would be lost.
 */
final class OutputDirectory {
    private OutputDirectory() {
    }

    /** {@code directory} is one or can be made: no part of it that exists is anything but a directory. */
    static void check(Path directory, String option) {
        for (Path part = directory.toAbsolutePath().normalize(); part != null; part = part.getParent()) {
            if (Files.exists(part)) {
                if (!Files.isDirectory(part)) {
                    throw new CliErrors.BadInputException(String.format("%s %s: %s is not a directory", option,
                            TerminalText.line(directory.toString()), TerminalText.line(part.toString())), null);
                }
                return;
            }
        }
    }
}
