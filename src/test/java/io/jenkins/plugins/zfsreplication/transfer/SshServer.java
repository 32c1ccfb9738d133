package io.jenkins.plugins.zfsreplication.transfer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;

/**
 * An sshd of its own inside the receiver's namespace, or on this host's loopback for code that starts
 * its processes here (an agent's callable): a throwaway host key and client key in a temporary
 * directory, its own config, in the foreground (-D) as our child; ended by {@link #close()}.
 */
public final class SshServer implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    final int port = 20000 + ThreadLocalRandom.current().nextInt(20000);
    private final Path dir;
    private final String address;
    private final ProcessSite site;
    private final Function<List<String>, CommandResult> probe;
    private Process sshd;

    SshServer(TwoHosts hosts, Path dir) throws IOException, InterruptedException {
        this(hosts.receiverLauncher(), hosts.receiverAddress,
                command -> hosts.execIn(hosts.sender, command.toArray(String[]::new)), dir);
    }

    /** sshd on 127.0.0.1 of this host's namespace: reached by processes this JVM starts. */
    public static SshServer onLoopback(Path dir) throws IOException, InterruptedException {
        ProcessCommandRunner runner = new ProcessCommandRunner();
        return new SshServer(ProcessSite.local(), "127.0.0.1", command -> runner.run(command, TIMEOUT), dir);
    }

    private SshServer(ProcessSite site, String address, Function<List<String>, CommandResult> probe, Path dir)
            throws IOException, InterruptedException {
        this.dir = dir;
        this.site = site;
        this.address = address;
        this.probe = probe;
        ProcessCommandRunner runner = new ProcessCommandRunner();
        for (String key : List.of("host", "client")) {
            runner.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve(key).toString()),
                    TIMEOUT).orThrow();
        }
        Files.copy(dir.resolve("client.pub"), dir.resolve("authorized_keys"));
        Files.writeString(dir.resolve("known_hosts"), "[" + address + "]:" + port + " "
                + Files.readString(dir.resolve("host.pub")));
        Files.writeString(dir.resolve("sshd_config"), String.join("\n",
                "Port " + port, "ListenAddress " + address, "HostKey " + dir.resolve("host"),
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"), "PermitRootLogin prohibit-password",
                "PasswordAuthentication no", "KbdInteractiveAuthentication no", "UsePAM no", "StrictModes no",
                "PidFile " + dir.resolve("sshd.pid"), shiftedClock(), "") );
        Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege separation directory
        start();
    }

    /**
     * Under a shifted clock (bin/test-clock-ahead: libfaketime preloaded) the logins' commands see the
     * same clock as this JVM: sshd gives its sessions a clean environment, and a host whose clock
     * disagrees is one prune does not trust (ClockWitness). Empty otherwise.
     */
    private static String shiftedClock() {
        String faketime = System.getenv("FAKETIME");
        String preload = System.getenv("LD_PRELOAD");
        if (faketime == null || preload == null) {
            return "";
        }
        return "SetEnv FAKETIME=" + faketime + " LD_PRELOAD=" + preload + " FAKETIME_DONT_FAKE_MONOTONIC=1"
                + " FAKETIME_FORCE_MONOTONIC_FIX=0";
    }

    /** Starts sshd (again, after {@link #close()}: the same port and keys) and waits until it listens. */
    void start() throws IOException, InterruptedException {
        sshd = new ProcessBuilder(site.command(List.of("/usr/sbin/sshd", "-D", "-e", "-f",
                dir.resolve("sshd_config").toString()))).redirectErrorStream(true)
                .redirectOutput(dir.resolve("sshd.log").toFile()).start();
        awaitListening();
    }

    /**
     * Every login with the client key runs {@code command} instead of what the client asked for (which
     * it finds in {@code SSH_ORIGINAL_COMMAND}): a host whose commands are not what they say.
     */
    public void forceCommand(String command) throws IOException {
        Files.writeString(dir.resolve("authorized_keys"), "command=\"" + command + "\" "
                + Files.readString(dir.resolve("client.pub")));
    }

    /** Client options: the throwaway key, only the throwaway host key trusted. */
    public List<String> clientOptions() {
        return List.of("-p", Integer.toString(port), "-i", dir.resolve("client").toString(),
                "-o", "UserKnownHostsFile=" + dir.resolve("known_hosts"), "-o", "StrictHostKeyChecking=yes",
                "-o", "IdentitiesOnly=yes");
    }

    /** Client options without a key (it comes from elsewhere, a credential): the port and only this host key trusted. */
    public List<String> hostKeyOptions() {
        return List.of("-p", Integer.toString(port), "-o", "UserKnownHostsFile=" + dir.resolve("known_hosts"),
                "-o", "StrictHostKeyChecking=yes");
    }

    /** The client's private key (OpenSSH format), as an ssh credential holds it. */
    public String clientPrivateKey() throws IOException {
        return Files.readString(dir.resolve("client"));
    }

    public String address() {
        return address;
    }

    public String destination() {
        return "root@" + address;
    }

    private void awaitListening() throws InterruptedException, IOException {
        for (int i = 0; i < 100; i++) {
            CommandResult listening = probe.apply(List.of("socat", "-u", "OPEN:/dev/null", "TCP:" + address + ":" + port));
            if (listening.succeeded()) {
                return;
            }
            if (!sshd.isAlive()) {
                break;
            }
            Thread.sleep(100);
        }
        close();
        throw new IllegalStateException("sshd did not start: " + Files.readString(dir.resolve("sshd.log")));
    }

    @Override
    public void close() {
        sshd.destroy();
        try {
            if (!sshd.waitFor(10, TimeUnit.SECONDS)) {
                sshd.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (sshd.isAlive()) {
            throw new UncheckedIOException(new IOException("sshd " + sshd.pid() + " did not end"));
        }
    }
}
