package io.jenkins.plugins.zfsreplication.restore;

/** A drill that cannot start (bad input, a scratch dataset that exists), with the reason. */
public final class DrillException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DrillException(String format, Object... args) {
        super(String.format(java.util.Locale.ROOT, format, args));
    }
}
