package io.jenkins.plugins.zfsreplication.zfs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs commands on another host through the OpenSSH client. ssh joins its arguments into one
 * string that the remote login shell parses, so every argument is single-quoted here: the remote
 * shell sees exactly the argument vector the engine built, whatever characters it holds.
 */
public final class SshCommandRunner implements CommandRunner {
    /** How long ssh may take to reach a host, unless the caller's options say otherwise. */
    public static final String CONNECT_TIMEOUT = "ConnectTimeout=30";
    private final String destination;
    private final List<String> sshOptions;
    private final CommandRunner local;

    /**
     * @param destination {@code host} or {@code user@host}
     * @param sshOptions  extra client options, e.g. {@code -p 2222} or {@code -i key}
     */
    public SshCommandRunner(String destination, List<String> sshOptions, CommandRunner local) {
        this.destination = checkDestination(destination);
        this.sshOptions = List.copyOf(sshOptions);
        this.local = Objects.requireNonNull(local);
    }

    /**
     * Returns {@code destination} if it is a host or user@host ssh accepts (never an option), else
     * throws. A user or host left empty ({@code backup@}, {@code @nas}), a second {@code @} or a host
     * that reads as an option ({@code backup@-oProxyCommand=x}) is refused here, not by ssh later.
     */
    public static String checkDestination(String destination) {
        int at = destination.lastIndexOf('@');
        String user = at < 0 ? null : destination.substring(0, at);
        String host = destination.substring(at + 1);
        if (host.isEmpty() || host.startsWith("-") || !host.matches("[A-Za-z0-9._:\\[\\]-]+")
                || user != null && (user.isEmpty() || user.startsWith("-") || !user.matches("[A-Za-z0-9._-]+"))) {
            throw new ZfsException("Invalid ssh destination '%s': use host or user@host", destination);
        }
        return destination;
    }

    @Override
    public CommandResult run(List<String> command, Duration timeout) {
        return relabel(command, local.run(wrap(command), timeout));
    }

    @Override
    public <T> Streamed<T> stream(List<String> command, Duration timeout, OutputReader<T> reader) {
        Streamed<T> streamed = local.stream(wrap(command), timeout, reader);
        return new Streamed<>(relabel(command, streamed.result()), streamed.value());
    }

    /** The result under the command the engine asked for, not the ssh command line that ran it. */
    private static CommandResult relabel(List<String> command, CommandResult result) {
        return new CommandResult(command, result.exitStatus(), result.stdout(), result.stderr());
    }

    /** The local argument vector that runs {@code command} on the remote host. */
    public List<String> wrap(List<String> command) {
        List<String> argv = new ArrayList<>();
        argv.add("ssh");
        argv.add("-o");
        argv.add("BatchMode=yes");
        argv.addAll(sshOptions);
        // after the caller's options, which win (ssh takes an option's first value): a host that does
        // not answer fails the command in half a minute instead of the kernel's two of SYN retries
        argv.add("-o");
        argv.add(CONNECT_TIMEOUT);
        argv.add(destination);
        argv.add("--");
        argv.add(quote(ZfsLocale.remote(command)));
        return argv;
    }

    /** The POSIX-shell form of an argument vector: each argument in single quotes. */
    public static String quote(List<String> command) {
        StringBuilder line = new StringBuilder();
        for (String argument : command) {
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append('\'').append(argument.replace("'", "'\\''")).append('\'');
        }
        return line.toString();
    }

    @Override
    public String host() {
        return destination;
    }
}
