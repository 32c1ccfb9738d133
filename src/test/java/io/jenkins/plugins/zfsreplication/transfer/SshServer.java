package io.jenkins.plugins.zfsreplication.transfer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;

/**
 * An sshd of its own inside the receiver's namespace: a throwaway host key and client key in a
 * temporary directory, its own config, in the foreground (-D) as our child; ended by {@link #close()}.
 */
final class SshServer implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    final int port = 20000 + ThreadLocalRandom.current().nextInt(20000);
    private final Path dir;
    private final String address;
    private final TwoHosts hosts;
    private Process sshd;

    SshServer(TwoHosts hosts, Path dir) throws IOException, InterruptedException {
        this.dir = dir;
        this.hosts = hosts;
        this.address = hosts.receiverAddress;
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
                "PidFile " + dir.resolve("sshd.pid"), "") );
        Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege separation directory
        start();
    }

    /** Starts sshd (again, after {@link #close()}: the same port and keys) and waits until it listens. */
    void start() throws IOException, InterruptedException {
        sshd = new ProcessBuilder(hosts.receiverLauncher().command(List.of("/usr/sbin/sshd", "-D", "-e", "-f",
                dir.resolve("sshd_config").toString()))).redirectErrorStream(true)
                .redirectOutput(dir.resolve("sshd.log").toFile()).start();
        awaitListening(hosts);
    }

    /** Client options: the throwaway key, only the throwaway host key trusted. */
    List<String> clientOptions() {
        return List.of("-p", Integer.toString(port), "-i", dir.resolve("client").toString(),
                "-o", "UserKnownHostsFile=" + dir.resolve("known_hosts"), "-o", "StrictHostKeyChecking=yes",
                "-o", "IdentitiesOnly=yes");
    }

    String destination() {
        return "root@" + address;
    }

    private void awaitListening(TwoHosts hosts) throws InterruptedException, IOException {
        for (int i = 0; i < 100; i++) {
            var probe = hosts.execIn(hosts.sender, "socat", "-u", "OPEN:/dev/null", "TCP:" + address + ":" + port);
            if (probe.succeeded()) {
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
