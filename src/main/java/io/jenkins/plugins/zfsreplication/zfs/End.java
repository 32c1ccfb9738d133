package io.jenkins.plugins.zfsreplication.zfs;

import java.util.List;
import java.util.Objects;

/**
 * Where one end of a replication runs: this host, a host reached over ssh, or a host whose end the
 * orchestrator runs there itself (to the Jenkins steps, another agent). plan.json names an end by
 * {@link #planHost()} ("local", the ssh destination, "agent:NAME"); {@link #ofPlanHost} reads that
 * name back. A value is checked when it is built, so whoever holds one need not check it again.
 */
public sealed interface End permits End.ThisHost, End.OverSsh, End.Elsewhere {
    /** How plan.json names this end. */
    String planHost();

    /** This end's zfs with its commands started through {@code local}: the one place an end becomes a runner. */
    Zfs zfs(CommandRunner local);

    /**
     * Whether this end is this host, whose own datasets' properties (a source's
     * {@code zfs-replication:keep-target}) are trusted without being asked to.
     */
    default boolean isThisHost() {
        return this instanceof ThisHost;
    }

    /** This host for a null {@code sshDestination}, else that host over ssh with {@code sshOptions}. */
    static End reached(String sshDestination, List<String> sshOptions) {
        return sshDestination == null ? new ThisHost() : new OverSsh(sshDestination, sshOptions);
    }

    /** The end plan.json names {@code host}: "local", "agent:NAME", else an ssh destination (checked). */
    static End ofPlanHost(String host) {
        Objects.requireNonNull(host, "host");
        if (ThisHost.PLAN_HOST.equals(host)) {
            return new ThisHost();
        }
        if (host.startsWith(Elsewhere.PLAN_PREFIX)) {
            return new Elsewhere(host.substring(Elsewhere.PLAN_PREFIX.length()));
        }
        return new OverSsh(host, List.of());
    }

    /** The host this process runs on. */
    record ThisHost() implements End {
        static final String PLAN_HOST = "local";

        @Override
        public String planHost() {
            return PLAN_HOST;
        }

        @Override
        public Zfs zfs(CommandRunner local) {
            return new Zfs(local);
        }
    }

    /**
     * A host reached with the OpenSSH client from this one.
     *
     * @param destination host or user@host, never an option ({@link SshCommandRunner#checkDestination})
     * @param sshOptions  further client arguments, e.g. {@code -p 2222 -i key}
     */
    record OverSsh(String destination, List<String> sshOptions) implements End {
        public OverSsh {
            destination = SshCommandRunner.checkDestination(Objects.requireNonNull(destination, "destination"));
            sshOptions = List.copyOf(sshOptions);
        }

        @Override
        public String planHost() {
            return destination;
        }

        @Override
        public Zfs zfs(CommandRunner local) {
            return Zfs.onAnotherHost(new SshCommandRunner(destination, sshOptions, local));
        }
    }

    /**
     * A host whose end the orchestrator starts there itself and talks to over its own channel: this
     * process has no way to run its zfs.
     *
     * @param name the orchestrator's name for the host (a Jenkins agent's name)
     */
    record Elsewhere(String name) implements End {
        static final String PLAN_PREFIX = "agent:";

        public Elsewhere {
            if (name == null || name.isBlank()) {
                throw new ZfsException("A host the orchestrator runs an end on needs a name");
            }
        }

        @Override
        public String planHost() {
            return PLAN_PREFIX + name;
        }

        @Override
        public Zfs zfs(CommandRunner local) {
            throw new ZfsException("The zfs of %s runs there, started by the orchestrator, not from this host", name);
        }
    }
}
