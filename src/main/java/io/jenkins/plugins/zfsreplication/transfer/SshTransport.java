package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.Spawner;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ZfsLocale;

/**
 * To a host that is not a Jenkins agent: {@code zfs send ... | ssh host 'zfs recv ...'} with the
 * OpenSSH client; or, pulling ({@link #pull}), from one: {@code ssh host 'zfs send ...' | zfs recv ...},
 * so that a backup host reaches a source that cannot reach it, and the source holds no credentials
 * for the backup host; or, relaying ({@link #relay}), between two such hosts through this one:
 * {@code ssh source 'zfs send ...' | ssh target 'zfs recv ...'}, so that neither holds credentials
 * for the other. Keys come from the environment (ssh-agent, ~/.ssh, or {@code -i} in the options).
 * The remote command line is built from quoted argument vectors: the remote shell sees exactly
 * the arguments the engine built, joined by pipes.
 */
public final class SshTransport implements Transport {
    /** The sending host, or null when the send side runs here. */
    private final SshCommandRunner from;
    /** The receiving host, or null when the receive side runs here. */
    private final SshCommandRunner to;

    /**
     * @param destination host or user@host
     * @param sshOptions  further client options, e.g. {@code -p 2222 -i key -o UserKnownHostsFile=f}
     */
    public SshTransport(String destination, List<String> sshOptions) {
        this(null, destination, sshOptions);
    }

    /** From {@code source} to this host: the send side runs there, over ssh, the receive side here. */
    public static SshTransport pull(String source, List<String> sshOptions) {
        return new SshTransport(source, null, sshOptions);
    }

    /** From {@code source} to {@code target}, both over ssh with the same client options: the stream passes here. */
    public static SshTransport relay(String source, String target, List<String> sshOptions) {
        return new SshTransport(source, target, sshOptions);
    }

    private SshTransport(String source, String target, List<String> sshOptions) {
        List<String> options = new ArrayList<>(List.of("-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=4"));
        if (source != null && target != null) {
            // the stream's bytes are counted on the ssh clients, the only local stages of a relay; a
            // client that shares a master connection (ControlMaster) hands its stdin or stdout to the
            // master, and its counters would show none of the stream
            options.addAll(List.of("-o", "ControlPath=none"));
        }
        options.addAll(sshOptions);
        this.from = source == null ? null : client(source, options);
        this.to = target == null ? null : client(target, options);
    }

    private static SshCommandRunner client(String destination, List<String> options) {
        return new SshCommandRunner(destination, options, new io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner());
    }

    @Override
    public String name() {
        return from == null ? "ssh" : to == null ? "ssh-pull" : "ssh-relay";
    }

    /** The remote host: the receiving one, or the sending one when pulling. */
    public String destination() {
        return to != null ? to.host() : from.host();
    }

    /** The local argument vector that runs {@code stages} on the remote host as one pipe chain. */
    List<String> remoteCommand(List<StageCommand> stages) {
        return remoteCommand(to != null ? to : from, stages);
    }

    private static List<String> remoteCommand(SshCommandRunner ssh, List<StageCommand> stages) {
        List<String> quoted = stages.stream()
                .map(stage -> SshCommandRunner.quote(ZfsLocale.remote(stage.argv()))).toList();
        // wrap() quotes one argument vector; the chain is already quoted, so it goes in as the last word
        List<String> argv = new ArrayList<>(ssh.wrap(List.of("PLACEHOLDER")));
        argv.set(argv.size() - 1, String.join(" | ", quoted));
        return argv;
    }

    @Override
    public RunningPipeline start(PipelineSpec spec) {
        List<StageCommand> all = new ArrayList<>();
        if (from == null) {
            all.addAll(spec.sendSide());
        } else {
            all.add(new StageCommand("ssh " + from.host(), remoteCommand(from, spec.sendSide())));
        }
        if (to == null) {
            all.addAll(spec.receiveSide());
        } else {
            all.add(new StageCommand("ssh " + to.host(), remoteCommand(to, spec.receiveSide())));
        }
        RunningPipeline pipeline = new RunningPipeline();
        Spawner.start(spec.sender(), all, null, null, spec.workDir()).forEach(pipeline::add);
        return pipeline;
    }
}
