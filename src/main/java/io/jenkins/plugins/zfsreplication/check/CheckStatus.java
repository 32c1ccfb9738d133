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

    /**
     * The more severe of two states, in the one order every summary uses: OK, WARNING, CRITICAL,
     * UNKNOWN (a check that could not look says less than one that found a copy too old, and is
     * never hidden behind an OK).
     */
    public static CheckStatus worse(CheckStatus a, CheckStatus b) {
        return a.ordinal() >= b.ordinal() ? a : b;
    }

    /**
     * The state named {@code name} as check.json and the step's value write it.
     *
     * @throws IllegalArgumentException naming the text when it is not one of the four (an agent's answer
     *         that is not a state is never read as some plausible one)
     */
    public static CheckStatus named(String name) {
        for (CheckStatus status : values()) {
            if (status.name().equals(name)) {
                return status;
            }
        }
        throw new IllegalArgumentException("'" + name + "' is not a check status (OK, WARNING, CRITICAL, UNKNOWN)");
    }
}
