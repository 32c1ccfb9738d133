package io.jenkins.plugins.zfsreplication.plan;

import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/** A plan that cannot be made, read or followed: the message says which and why. */
public class PlanException extends ZfsException {
    private static final long serialVersionUID = 1L;

    public PlanException(String format, Object... args) {
        super(format, args);
    }

    public PlanException(Throwable cause, String format, Object... args) {
        super(cause, format, args);
    }
}
