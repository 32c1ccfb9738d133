package io.jenkins.plugins.zfsreplication.verify;

/** The run was interrupted (build aborted, Ctrl-C); nothing half-written is left behind. */
public final class VerifyCancelledException extends VerifyException {
    private static final long serialVersionUID = 1L;

    public VerifyCancelledException(String format, Object... args) {
        super(format, args);
    }
}
