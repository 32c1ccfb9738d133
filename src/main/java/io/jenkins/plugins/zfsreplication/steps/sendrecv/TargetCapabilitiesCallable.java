package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.io.IOException;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.zfs.Capabilities;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import jenkins.security.MasterToSlaveCallable;

/**
 * Runs on the target's agent before zfsSendRecv over tcp: what the target's zfs supports, probed
 * there. The sending side cannot probe the target itself, and the send options must be those both
 * ends support (a raw or large-block stream the target cannot take fails only at its end).
 */
final class TargetCapabilitiesCallable extends MasterToSlaveCallable<Capabilities, IOException> {
    private static final long serialVersionUID = 1L;
    private final String host;

    /** @param host how the logs name the target ({@code agent:NAME}) */
    TargetCapabilitiesCallable(String host) {
        this.host = host;
    }

    @Override
    public Capabilities call() throws IOException {
        try {
            Capabilities probed = new Zfs(new ProcessCommandRunner()).capabilities();
            return new Capabilities(host, probed.version(), probed.features());
        } catch (ZfsException e) {
            throw new AbortException("zfsSendRecv: probing zfs on " + host + " failed: " + e.getMessage());
        }
    }
}
