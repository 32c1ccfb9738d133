package io.jenkins.plugins.zfsreplication.plan;

import java.util.Objects;

/**
 * A dataset ZFS listed under a source root whose name this tool does not accept as input (ZFS
 * allows a space, this tool does not): shown in the plan with the reason and skipped. Kept as
 * text, never as a {@link io.jenkins.plugins.zfsreplication.zfs.DatasetName}, so that it cannot
 * reach a command.
 */
public record RefusedName(String name, String reason) {
    public RefusedName {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(reason, "reason");
    }
}
