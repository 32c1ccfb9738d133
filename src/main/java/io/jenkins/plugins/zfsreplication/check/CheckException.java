package io.jenkins.plugins.zfsreplication.check;

import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/** A check that cannot be made as asked (a bad threshold, a bad duration): the message says which. */
public class CheckException extends ZfsException {
    private static final long serialVersionUID = 1L;

    public CheckException(String format, Object... args) {
        super(format, args);
    }
}
