package io.jenkins.plugins.zfsreplication.audit;

/** An audit record or a build directory that cannot be used, with the file and the problem named. */
public final class AuditException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AuditException(String format, Object... args) {
        super(String.format(java.util.Locale.ROOT, format, args));
    }

    public AuditException(Throwable cause, String format, Object... args) {
        super(String.format(java.util.Locale.ROOT, format, args), cause);
    }
}
