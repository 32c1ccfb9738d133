package io.jenkins.plugins.zfsreplication.transfer.process;

/** The run was cancelled (interrupt, SIGINT/SIGTERM, Jenkins abort); every pipeline process was ended. */
public final class TransferCancelledException extends TransferException {
    private static final long serialVersionUID = 1L;

    public TransferCancelledException(String format, Object... args) {
        super(format, args);
    }
}
