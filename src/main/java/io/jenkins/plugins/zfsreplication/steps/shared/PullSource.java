package io.jenkins.plugins.zfsreplication.steps.shared;

import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.io.IOException;
import java.io.Serializable;
import java.util.List;

/**
 * Where a step's sources are and how to reach them: this agent's pools, or pulled from {@code host}
 * over ssh with {@code sshOptions} (space separated). With {@code host}, {@code trustOptOut} lets the
 * source's own {@code zfs-replication:backup=off} leave a dataset out; without, a pulled dataset is
 * replicated whatever the source says (this agent's own pools are always trusted).
 */
public record PullSource(String host, String sshOptions, boolean trustOptOut) implements Serializable {
    /** This agent's pools. */
    public static final PullSource HERE = new PullSource("", "", false);

    /** The source over ssh when pulling, else null. */
    public String destination() {
        return host == null || host.isBlank() ? null : host.strip();
    }

    public List<String> sshOptionList() {
        return sshOptions == null || sshOptions.isBlank() ? List.of() : List.of(sshOptions.strip().split("\\s+"));
    }

    /** A well-formed host, ssh options only with it, and pulling, the target here. */
    void check(String pulling, String targetHost) {
        if (destination() != null) {
            SshCommandRunner.checkDestination(destination());
            refuseTargetElsewhere(pulling, "targetHost", targetHost);
        } else if (sshOptions != null && !sshOptions.isBlank()) {
            throw new ZfsException("sshOptions are for sourceHost (pull); without sourceHost the sources are "
                    + "this agent's pools");
        }
    }

    /** Pulling {@code pulling} the agent the step runs on, whose pools are the target: a target elsewhere is refused. */
    void refuseTargetElsewhere(String pulling, String field, String target) {
        if (destination() != null && target != null && !target.isBlank()) {
            throw new ZfsException("sourceHost %s the agent the step runs on, whose pools are the target; %s '%s' "
                    + "names another: give one of them", pulling, field, target.strip());
        }
    }

    /** A step's work on its agent with the source's and the target's zfs. */
    public interface Reach<T> {
        T at(Zfs source, Zfs target) throws IOException;
    }

    /** Runs {@code work} with the source, offering {@code key} (null: the user's own keys), and the target. */
    public <T> T reach(SshKey key, String targetHost, Reach<T> work) throws IOException {
        CommandRunner local = new ProcessCommandRunner();
        Zfs target = End.reached(targetHost, List.of()).zfs(local);
        if (destination() == null || key == null) {
            return work.at(End.reached(destination(), sshOptionList()).zfs(local), target);
        }
        try (SshKey.KeyFile file = key.write()) {
            return work.at(End.reached(key.destination(destination()), file.sshOptions(sshOptionList())).zfs(local),
                    target);
        }
    }
}
