package io.jenkins.plugins.zfsreplication.zfs;

import java.util.List;

/**
 * A zfs or zpool command that failed: carries the command line, its exit status and ZFS's own words.
 * When ZFS refused for lack of a delegated permission, the message ends with the {@code zfs allow}
 * command that grants it ({@link PermissionHint}).
 */
public final class ZfsCommandException extends ZfsException {
    private static final long serialVersionUID = 1L;

    private final List<String> command;
    private final int exitStatus;
    private final String zfsMessage;

    public ZfsCommandException(List<String> command, int exitStatus, String zfsMessage) {
        this(command, exitStatus, zfsMessage, System.getProperty("user.name"));
    }

    /** @param user the account the command ran as, named in the {@code zfs allow} hint */
    public ZfsCommandException(List<String> command, int exitStatus, String zfsMessage, String user) {
        super("'%s' failed with exit status %d: %s%s", String.join(" ", command), exitStatus,
                zfsMessage.isBlank() ? "(no message)" : zfsMessage.strip(),
                PermissionHint.forFailure(command, zfsMessage, user).map(hint -> ". " + hint).orElse(""));
        this.command = List.copyOf(command);
        this.exitStatus = exitStatus;
        this.zfsMessage = zfsMessage.strip();
    }

    public List<String> getCommand() {
        return command;
    }

    public int getExitStatus() {
        return exitStatus;
    }

    /** What zfs printed on stderr, for example "cannot open 'tank/x': dataset does not exist". */
    public String getZfsMessage() {
        return zfsMessage;
    }

    /**
     * Whether zfs failed only because a named dataset does not exist. Nothing else means "absent":
     * a refused permission, a busy or wedged pool, a timeout say nothing about whether it is there.
     */
    public boolean isDatasetMissing() {
        return saysDatasetMissing(zfsMessage);
    }

    /** Every line of {@code stderr} (at least one) says that a dataset does not exist. */
    static boolean saysDatasetMissing(String stderr) {
        List<String> lines = stderr.lines().filter(line -> !line.isBlank()).toList();
        return !lines.isEmpty() && lines.stream().allMatch(line -> line.strip().endsWith("dataset does not exist"));
    }
}
