package io.jenkins.plugins.zfsreplication.metrics;

import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/** A metrics file that cannot be written as asked: the message says which and why. */
public class MetricsException extends ZfsException {
    private static final long serialVersionUID = 1L;

    public MetricsException(String format, Object... args) {
        super(format, args);
    }
}
