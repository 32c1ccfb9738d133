package io.jenkins.plugins.zfsreplication.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * What the subcommands reach the world through: a runner for this host's commands (others are
 * reached over ssh through it), the two output streams, and this host's clock (what "now" and
 * "the future" are). Tests hand in their own.
 */
record CliEnvironment(CommandRunner localRunner, PrintWriter out, PrintWriter err, java.time.Clock clock) {

    CliEnvironment(CommandRunner localRunner, PrintWriter out, PrintWriter err) {
        this(localRunner, out, err, java.time.Clock.systemUTC());
    }

    static CliEnvironment system() {
        // UTF-8, as every file the commands write and as zfs's output is read: a dataset name prints
        // the same on the terminal and in plan.txt
        return new CliEnvironment(new ProcessCommandRunner(),
                new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true),
                new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
    }

    /** An environment for reading the commands' models (man pages, the night's keys): nothing runs, nothing is written. */
    static CliEnvironment modelOnly() {
        PrintWriter nowhere = new PrintWriter(java.io.Writer.nullWriter());
        return new CliEnvironment(new ProcessCommandRunner(), nowhere, nowhere);
    }

    /** The zfs of {@code sshDestination}, or of this host when it is null. */
    Zfs zfs(String sshDestination) {
        return End.reached(sshDestination, List.of()).zfs(localRunner);
    }

    CommandRunner runner(String sshDestination) {
        return sshDestination == null ? localRunner : new SshCommandRunner(sshDestination, List.of(), localRunner);
    }
}
