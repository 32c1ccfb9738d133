package io.jenkins.plugins.zfsreplication.coverage;

/** A night of coverage that cannot run as asked (bad input: a name, a budget, a ledger that is not one), with the reason. */
public final class CoverageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CoverageException(String format, Object... args) {
        super(String.format(java.util.Locale.ROOT, format, args));
    }

    public CoverageException(Throwable cause, String format, Object... args) {
        super(String.format(java.util.Locale.ROOT, format, args), cause);
    }
}
