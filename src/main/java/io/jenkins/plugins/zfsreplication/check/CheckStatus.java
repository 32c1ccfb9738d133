package io.jenkins.plugins.zfsreplication.check;

/**
 * The four states of a monitoring plugin and the exit statuses Nagios, Icinga and their kin read
 * them from (Monitoring Plugins guidelines: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN). UNKNOWN is
 * for a check that could not look: bad input, a host that did not answer, nothing selected.
 */
public enum CheckStatus {
    OK(0), WARNING(1), CRITICAL(2), UNKNOWN(3);

    private final int exitStatus;

    CheckStatus(int exitStatus) {
        this.exitStatus = exitStatus;
    }

    public int exitStatus() {
        return exitStatus;
    }

    /** The more severe of two dataset states (OK, WARNING, CRITICAL in that order). */
    static CheckStatus worse(CheckStatus a, CheckStatus b) {
        return a.ordinal() >= b.ordinal() ? a : b;
    }
}
