package io.jenkins.plugins.zfsreplication.plan;

import java.util.Objects;

/**
 * A dataset ZFS listed under a source root that cannot be planned by name: its own name is one
 * this tool does not accept as input (ZFS allows a space, this tool does not), or the name it
 * would have on the target is not a valid ZFS name (longer than ZFS allows). Shown in the plan
 * with the reason and not sent: it needs attention, unless the backup host excluded it anyway
 * ({@code excluded}). Kept as text, never as a
 * {@link io.jenkins.plugins.zfsreplication.zfs.DatasetName}, so that it cannot reach a command.
 */
public record RefusedName(String name, String reason, boolean excluded) {
    public RefusedName {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(reason, "reason");
    }

    /** A refused name that needs attention. */
    public RefusedName(String name, String reason) {
        this(name, reason, false);
    }

    /** How it is accounted for. */
    public DatasetOutcome outcome() {
        return excluded ? DatasetOutcome.EXCLUDED : DatasetOutcome.ATTENTION;
    }
}
