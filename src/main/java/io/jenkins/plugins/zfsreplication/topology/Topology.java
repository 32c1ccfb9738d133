package io.jenkins.plugins.zfsreplication.topology;

import java.util.Objects;

import io.jenkins.plugins.zfsreplication.transfer.LocalTransport;
import io.jenkins.plugins.zfsreplication.transfer.SshTransport;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpTransport;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * Where each end of a replication runs and how the stream travels between them; the combinations
 * the engine runs are checked here, once. {@link #transport} and {@link #sourceZfs}/{@link #targetZfs}
 * are the one place a topology becomes the transport and each end's zfs.
 *
 * <ul>
 * <li>pipe: both ends on this host;</li>
 * <li>ssh: pushing to a host over ssh, pulling from one to this host, or relaying from one to
 * another through this host (both with the same client options: the command line gives one set);</li>
 * <li>tcp: sending from this host to a listener on this host (the command line) or on a host the
 * orchestrator runs the receiving end on (a target agent).</li>
 * </ul>
 */
public record Topology(End source, End target, Carriage carriage) {
    public Topology {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(carriage, "carriage");
        boolean runs = switch (carriage) {
            case PIPE -> source.isThisHost() && target.isThisHost();
            case SSH -> (source instanceof End.OverSsh || target instanceof End.OverSsh)
                    && !(source instanceof End.Elsewhere) && !(target instanceof End.Elsewhere)
                    && !(source instanceof End.OverSsh from && target instanceof End.OverSsh to
                    && !from.sshOptions().equals(to.sshOptions()));
            case TCP -> source.isThisHost() && !(target instanceof End.OverSsh);
        };
        if (!runs) {
            throw new TransferException("The %s transport does not run from %s to %s", carriage.word(),
                    source.planHost(), target.planHost());
        }
    }

    /** Sending from this host to this host's pools through pipes. */
    public static Topology local() {
        return new Topology(new End.ThisHost(), new End.ThisHost(), Carriage.PIPE);
    }

    /**
     * The transport that carries each step's stream.
     *
     * @param tcp for the tcp carriage, its link: a {@link TcpTransport} when both ends run here,
     *            the orchestrator's transport to the receiving end it started elsewhere; null otherwise
     */
    public Transport transport(Transport tcp) {
        return switch (carriage) {
            case PIPE -> new LocalTransport();
            case SSH -> ssh();
            case TCP -> {
                if (tcp == null || target.isThisHost() != (tcp instanceof TcpTransport)) {
                    throw new IllegalArgumentException("tcp from " + source.planHost() + " to " + target.planHost()
                            + " needs " + (target.isThisHost() ? "a TcpTransport" : "the receiving end's transport"));
                }
                yield tcp;
            }
        };
    }

    private Transport ssh() {
        if (source instanceof End.OverSsh from) {
            return target instanceof End.OverSsh to ? SshTransport.relay(from.destination(), to.destination(),
                    from.sshOptions()) : SshTransport.pull(from.destination(), from.sshOptions());
        }
        End.OverSsh to = (End.OverSsh) target;
        return new SshTransport(to.destination(), to.sshOptions());
    }

    /** The sending end's zfs, its commands started through {@code local}. */
    public Zfs sourceZfs(CommandRunner local) {
        return source.zfs(local);
    }

    /** The receiving end's zfs, its commands started through {@code local}. */
    public Zfs targetZfs(CommandRunner local) {
        return target.zfs(local);
    }

    /** Whether the sending end runs on another host and is reached over ssh. */
    public boolean pulls() {
        return source instanceof End.OverSsh;
    }
}
