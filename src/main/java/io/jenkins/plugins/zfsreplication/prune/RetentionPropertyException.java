package io.jenkins.plugins.zfsreplication.prune;

/**
 * A {@code zfs-replication:keep-*} property whose value is not rules (one line naming the dataset,
 * the property, where it is set and the problem), or no rules at all where some are needed: input
 * from outside, found before anything is decided or destroyed.
 */
public final class RetentionPropertyException extends PruneException {
    private static final long serialVersionUID = 1L;

    RetentionPropertyException(String property, String dataset, String origin, String problem) {
        super("Bad %s on %s (%s): %s", property, dataset, origin, problem);
    }

    /** No rules at all: neither the command's nor any dataset's property. */
    RetentionPropertyException(String message) {
        super("%s", message);
    }
}
