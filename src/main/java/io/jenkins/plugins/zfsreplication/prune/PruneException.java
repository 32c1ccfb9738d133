package io.jenkins.plugins.zfsreplication.prune;

import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/** Retention that cannot be parsed, applied or carried out: the message says which and why. */
public class PruneException extends ZfsException {
    private static final long serialVersionUID = 1L;

    public PruneException(String format, Object... args) {
        super(format, args);
    }
}
