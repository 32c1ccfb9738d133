package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsGuest;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;

/**
 * The command line as an admin runs it against the pools of a test, on either backend. On zfs-fuse
 * everything is on this host. On OpenZFS the pools are in the guest, which this JVM reaches as any
 * remote host: plan and prune run here with every command they give "this host" run in the guest
 * over ssh (so plan.json names both sides "local", as if the CLI ran there); run relays
 * ({@code --source-host} with {@code --transport ssh}): {@code ssh guest 'zfs send ...' | ssh guest
 * 'zfs recv ...'}; verify reads files, so it runs where they are, the CLI started in the guest.
 */
final class PoolsCli {
    private static final Duration VERIFY_TIMEOUT = Duration.ofMinutes(5);
    private final TestPools pools;
    private final OpenZfsGuest guest;
    private String lastErr = "";

    PoolsCli(TestPools pools) {
        this.pools = pools;
        this.guest = pools.backend() == ZfsBackend.OPENZFS ? OpenZfsGuest.fromEnvironment(System.getenv()) : null;
    }

    /** plan, prune, compare and the like: fails the test with the output unless it exits 0. */
    String cli(String... args) {
        return cli(guest == null ? pools.runner() : new GuestAsLocal(pools.runner()), List.of(args));
    }

    /** The guest's runner, which the CLI takes for this host's. */
    record GuestAsLocal(CommandRunner guest) implements CommandRunner {
        @Override
        public CommandResult run(List<String> command, Duration timeout) {
            return guest.run(command, timeout);
        }

        @Override
        public <T> Streamed<T> stream(List<String> command, Duration timeout, OutputReader<T> reader) {
            return guest.stream(command, timeout, reader);
        }

        @Override
        public String host() {
            return "local";
        }
    }

    /** {@code run PLAN ...}, relayed over ssh on OpenZFS. */
    String run(String... args) {
        List<String> all = runArguments(args);
        return cli(guest == null ? pools.runner() : new ProcessCommandRunner(), all);
    }

    /** {@code run PLAN ...} as {@link #run}, whatever its exit status: the status. */
    int runStatus(String... args) {
        return status(guest == null ? pools.runner() : new ProcessCommandRunner(), runArguments(args), new StringWriter());
    }

    private List<String> runArguments(String... args) {
        List<String> all = new ArrayList<>(List.of("run"));
        all.addAll(List.of(args));
        if (guest != null) {
            String host = System.getenv().getOrDefault("ZFSR_GUEST_SSH_HOST", "zfsr-guest");
            // three datasets at once: each step's zfs commands are ssh round trips into an emulated machine
            all.addAll(List.of("-j", "3", "--source-host", host, "--transport", "ssh", "--host", host,
                    "--ssh-option=-F", "--ssh-option=" + System.getenv("ZFSR_GUEST_SSH_CONFIG")));
        }
        return all;
    }

    /** A command whatever its exit status (check, a night's subcommand that says "attention"): the status. */
    int status(StringWriter out, String... args) {
        return status(guest == null ? pools.runner() : new GuestAsLocal(pools.runner()), List.of(args), out);
    }

    /** The standard error of the last command. */
    String lastErr() {
        return lastErr;
    }

    /** {@code verify SNAPSHOT -o MANIFEST} where the snapshot's files are. */
    void verify(String snapshot, Path manifest) {
        try {
            Files.createDirectories(manifest.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (guest == null) {
            cli("verify", snapshot, "-o", manifest.toString());
            return;
        }
        Path shared = guest.scratchDirectory().resolve(UUID.randomUUID() + ".manifest");
        try {
            CommandResult result = guest.cli(VERIFY_TIMEOUT, "verify", snapshot, "-o", guest.pathInGuest(shared));
            assertThat(result.exitStatus()).as("verify %s in the guest: %s%s", snapshot, result.stdout(), result.stderr())
                    .isZero();
            Files.move(shared, manifest);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String cli(CommandRunner runner, List<String> args) {
        StringWriter out = new StringWriter();
        int status = status(runner, args, out);
        assertThat(status).as("%s%n%s%n%s", String.join(" ", args), out, lastErr).isZero();
        return out.toString();
    }

    private int status(CommandRunner runner, List<String> args, StringWriter out) {
        StringWriter err = new StringWriter();
        int status = Main.run(new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true)),
                args.toArray(String[]::new));
        lastErr = err.toString();
        return status;
    }
}
