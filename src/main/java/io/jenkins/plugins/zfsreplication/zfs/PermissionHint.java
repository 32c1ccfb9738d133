package io.jenkins.plugins.zfsreplication.zfs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns ZFS's "permission denied" into the {@code zfs allow} command that fixes it.
 *
 * <p>libzfs prints {@code "<action>: permission denied"} for EPERM/EACCES from the kernel
 * (zfs_common_error in lib/libzfs/libzfs_util.c), {@code "<action>: delegated administration is
 * disabled on pool"} for ECANCELED, and a process that cannot open the ZFS device at all gets
 * "Permission denied the ZFS utilities must be run as root." (OpenZFS) or "connect: Permission
 * denied" (zfs-fuse's socket). The permissions per subcommand and the ones each also needs are
 * those of the table in zfs-allow(8).
 */
public final class PermissionHint {
    /** zfs-allow(8): subcommand to the permissions it needs, its "must also have" ones included. */
    private static final Map<String, List<String>> PERMISSIONS = Map.ofEntries(
            Map.entry("snapshot", List.of("snapshot", "mount")),
            Map.entry("send", List.of("send")),
            Map.entry("receive", List.of("receive", "create", "mount")),
            Map.entry("recv", List.of("receive", "create", "mount")),
            Map.entry("destroy", List.of("destroy", "mount")),
            Map.entry("hold", List.of("hold")),
            Map.entry("release", List.of("release")),
            Map.entry("rollback", List.of("rollback", "mount")),
            Map.entry("create", List.of("create", "mount")),
            Map.entry("clone", List.of("clone", "create", "mount")),
            Map.entry("rename", List.of("rename", "create", "mount")),
            Map.entry("promote", List.of("promote", "mount")),
            Map.entry("bookmark", List.of("bookmark")),
            Map.entry("mount", List.of("mount")),
            Map.entry("unmount", List.of("mount")),
            Map.entry("diff", List.of("diff")));

    /** Subcommands whose dataset argument is created, so the grant belongs on its parent. */
    private static final List<String> CREATING = List.of("receive", "recv", "create", "clone");

    private PermissionHint() {
    }

    /**
     * What to do about a refused zfs command, or empty when {@code zfsMessage} is not a refusal.
     *
     * @param command the zfs argument vector that failed (starting with "zfs")
     * @param user    the account the command ran as
     */
    public static Optional<String> forFailure(List<String> command, String zfsMessage, String user) {
        String message = zfsMessage.toLowerCase(Locale.ROOT);
        if (message.contains("must be run as root") || message.contains("connect: permission denied")) {
            return Optional.of(String.format("user '%s' cannot reach ZFS at all (the ZFS device or the zfs-fuse "
                    + "socket is closed to it); zfs allow cannot help there: run the agent as a user that may open "
                    + "/dev/zfs (OpenZFS on Linux opens it to all users) or as root", user));
        }
        if (message.contains("delegated administration is disabled on pool")) {
            String pool = dataset(command).map(d -> d.split("/", 2)[0]).orElse("POOL");
            return Optional.of(String.format("delegation is off on pool '%s': as root run 'zpool set delegation=on %s'",
                    pool, pool));
        }
        if (!message.contains("permission denied") || command.size() < 2) {
            return Optional.empty();
        }
        String subcommand = command.get(1);
        List<String> permissions = permissions(subcommand, command);
        if (permissions.isEmpty()) {
            return Optional.empty();
        }
        String dataset = dataset(command).map(d -> CREATING.contains(subcommand) ? parent(d) : d).orElse("DATASET");
        String grant = String.join(",", permissions);
        return Optional.of(String.format("user '%s' lacks the delegated ZFS permission%s %s for 'zfs %s'; as root "
                        + "run: zfs allow -u %s %s %s", user, permissions.size() > 1 ? "s" : "", grant, subcommand,
                user, grant, dataset));
    }

    private static List<String> permissions(String subcommand, List<String> command) {
        if ("set".equals(subcommand)) {
            // zfs-allow(8): a property is its own permission; every user property is "userprop"
            List<String> properties = new ArrayList<>();
            command.stream().skip(2).filter(a -> a.contains("=")).map(a -> a.substring(0, a.indexOf('=')))
                    .map(p -> p.contains(":") ? "userprop" : p).distinct().forEach(properties::add);
            return properties;
        }
        return PERMISSIONS.getOrDefault(subcommand, List.of());
    }

    /** The dataset the command works on: its last operand, without a snapshot or bookmark part. */
    private static Optional<String> dataset(List<String> command) {
        for (int i = command.size() - 1; i >= 2; i--) {
            String argument = command.get(i);
            if (!argument.startsWith("-") && !argument.contains("=")) {
                return Optional.of(argument.split("[@#]", 2)[0]);
            }
        }
        return Optional.empty();
    }

    private static String parent(String dataset) {
        int slash = dataset.lastIndexOf('/');
        return slash < 0 ? dataset : dataset.substring(0, slash);
    }
}
