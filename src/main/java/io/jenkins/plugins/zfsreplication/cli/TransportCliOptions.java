package io.jenkins.plugins.zfsreplication.cli;

import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.transfer.LocalTransport;
import io.jenkins.plugins.zfsreplication.transfer.SshTransport;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpTransport;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import picocli.CommandLine.Option;

/** How the stream travels when this process runs both ends: local, tcp (both sides here) or ssh. */
final class TransportCliOptions {
    @Option(names = "--transport", paramLabel = "local|tcp|ssh", defaultValue = "local",
            description = "local: one host, pipes; tcp: a direct connection with a one-time token; ssh: zfs recv "
                    + "on --host over ssh (default: ${DEFAULT-VALUE}).")
    String transport;

    @Option(names = "--host", paramLabel = "[USER@]HOST", description = "ssh: the receiving host.")
    String host;

    @Option(names = "--ssh-option", paramLabel = "OPTION",
            description = "ssh: a client argument, repeatable, e.g. --ssh-option=-p --ssh-option=2222. Keys come from "
                    + "ssh-agent or ~/.ssh unless given here with -i.")
    List<String> sshOptions = new ArrayList<>();

    @Option(names = "--listen", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "tcp: the address the receiving side listens on (default: ${DEFAULT-VALUE}).")
    String listen;

    @Option(names = "--connect", paramLabel = "ADDRESS",
            description = "tcp: the address the sending side connects to (default: the --listen address).")
    String connect;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "0",
            description = "tcp: the port to listen on; 0 = any free port (default).")
    int port;

    Transport transport() {
        return switch (transport) {
            case "local" -> new LocalTransport();
            case "tcp" -> new TcpTransport(listen, connect == null ? listen : connect, port);
            case "ssh" -> new SshTransport(requireHost(), sshOptions);
            default -> throw new TransferException("Unknown transport '%s': use local, tcp or ssh", transport);
        };
    }

    /**
     * Pulling from {@code source} over ssh: the send side runs there, the receive side here (local
     * transport) or, relaying with the ssh transport, on {@code --host} over ssh.
     */
    Transport pullTransport(String source) {
        SshCommandRunner.checkDestination(source);
        return switch (transport) {
            case "local" -> SshTransport.pull(source, sshOptions);
            case "ssh" -> SshTransport.relay(source, requireHost(), sshOptions);
            default -> throw new TransferException("Pulling from %s receives on this host or, with --transport ssh,"
                    + " on --host: --transport %s does not go with it", source, transport);
        };
    }

    /** The sending host's zfs when pulling from it: over ssh with the same client options. */
    Zfs sourceZfs(CliEnvironment environment, String source) {
        if (source == null) {
            return new Zfs(environment.localRunner());
        }
        // the same ssh zfs as a target's over ssh, only at the other end
        return SendRecvJob.sshTarget(source, sshOptions, environment.localRunner() == null
                ? new ProcessCommandRunner() : environment.localRunner());
    }

    /** The receiving host's zfs: over ssh for the ssh transport, else this host's. */
    Zfs targetZfs(CliEnvironment environment) {
        if (!"ssh".equals(transport)) {
            return new Zfs(environment.localRunner());
        }
        return SendRecvJob.sshTarget(requireHost(), sshOptions, environment.localRunner() == null
                ? new ProcessCommandRunner() : environment.localRunner());
    }

    /**
     * A plan made for a target over ssh ({@code plan --target-host}) is received there: run without
     * --host or --transport (resuming a night's plan by hand) reaches the target the plan was made
     * for, not this host's pools. Given --host or another transport, those stand.
     *
     * @return the line that says so, or null when nothing was chosen
     */
    String towardsPlanTarget(String planTarget) {
        if (planTarget == null || "local".equals(planTarget) || host != null || !"local".equals(transport)) {
            return null;
        }
        SshCommandRunner.checkDestination(planTarget);
        transport = "ssh";
        host = planTarget;
        return "run: the plan was made for the target on " + planTarget + ": receiving there over ssh";
    }

    private String requireHost() {
        if (host == null) {
            throw new TransferException("The ssh transport needs --host [USER@]HOST");
        }
        return host;
    }
}
