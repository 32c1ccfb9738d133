package io.jenkins.plugins.zfsreplication.plan;

import java.util.Objects;

/**
 * A snapshot as a plan names it: its short name (after '@'), and its GUID, which is what
 * identifies it across hosts (a renamed snapshot keeps its GUID; a recreated one with the same
 * name does not). The GUID is an unsigned 64-bit number held in a long.
 */
public record SnapshotRef(String name, long guid, long createtxg, long creation) {
    public SnapshotRef {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty() || name.indexOf('@') >= 0) {
            throw new PlanException("A snapshot reference takes the short name after '@', not '%s'", name);
        }
    }

    public String guidText() {
        return Long.toUnsignedString(guid);
    }
}
