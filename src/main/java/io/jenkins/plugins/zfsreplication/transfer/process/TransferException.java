package io.jenkins.plugins.zfsreplication.transfer.process;

import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/** A transfer that could not start or did not complete; the message says which stage and why. */
public class TransferException extends ZfsException {
    private static final long serialVersionUID = 1L;

    public TransferException(String format, Object... args) {
        super(format, args);
    }

    public TransferException(Throwable cause, String format, Object... args) {
        super(cause, format, args);
    }
}
