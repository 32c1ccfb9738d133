package io.jenkins.plugins.zfsreplication.cli;

import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.topology.Topology;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpTransport;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
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

    /** The carriage --transport names. */
    Carriage carriage() {
        return Carriage.named(transport).orElseThrow(() -> new TransferException(
                "Unknown transport '%s': use local, tcp or ssh", transport));
    }

    /**
     * Where the ends run: the send side here or, pulling, on {@code source} over ssh; the receive side
     * here or, with the ssh transport, on --host over ssh (a relay when also pulling).
     *
     * @param source the sending host reached over ssh, or null to send from this host
     */
    Topology topology(String source) {
        Carriage carriage = carriage();
        End to = carriage == Carriage.SSH ? new End.OverSsh(requireHost(), sshOptions) : new End.ThisHost();
        if (source == null) {
            return new Topology(new End.ThisHost(), to, carriage);
        }
        End from = new End.OverSsh(source, sshOptions);
        if (carriage == Carriage.TCP) {
            throw new TransferException("Pulling from %s receives on this host or, with --transport ssh,"
                    + " on --host: --transport %s does not go with it", source, transport);
        }
        return new Topology(from, to, Carriage.SSH);
    }

    /** The transport of {@code topology}, tcp's addresses from --listen, --connect and --port. */
    Transport transport(Topology topology) {
        return topology.transport(topology.carriage() == Carriage.TCP
                ? new TcpTransport(listen, connect == null ? listen : connect, port) : null);
    }

    /** What an end's zfs commands start through: the environment's runner (a test's stand-in) or a process. */
    static CommandRunner local(CliEnvironment environment) {
        return environment.localRunner() == null ? new ProcessCommandRunner() : environment.localRunner();
    }

    /**
     * A plan made for a target over ssh ({@code plan --target-host}) is received there: run without
     * --host or --transport (resuming a night's plan by hand) reaches the target the plan was made
     * for, not this host's pools. Given --host or another transport, those stand.
     *
     * @return the line that says so, or null when nothing was chosen
     */
    String towardsPlanTarget(String planTarget) {
        if (planTarget == null || host != null || carriage() != Carriage.PIPE) {
            return null;
        }
        End target = End.ofPlanHost(planTarget);
        if (target instanceof End.Elsewhere) {
            throw new TransferException("run: the plan was made for a target this host cannot reach (%s): give "
                    + "--transport ssh --host [USER@]HOST, or plan again", planTarget);
        }
        if (target.isThisHost()) {
            return null;
        }
        transport = Carriage.SSH.word();
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
