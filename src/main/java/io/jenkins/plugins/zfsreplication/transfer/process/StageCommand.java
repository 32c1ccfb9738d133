package io.jenkins.plugins.zfsreplication.transfer.process;

import java.util.List;
import java.util.Objects;

/** One process of a pipeline before it starts: what it is for (for messages) and its argument vector. */
public record StageCommand(String role, List<String> argv) {
    public StageCommand {
        Objects.requireNonNull(role, "role");
        argv = List.copyOf(argv);
        if (argv.isEmpty()) {
            throw new TransferException("The %s stage has no command", role);
        }
    }
}
