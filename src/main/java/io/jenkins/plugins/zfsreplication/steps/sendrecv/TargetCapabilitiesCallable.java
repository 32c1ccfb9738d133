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
final class TargetCapabilitiesCallable extends MasterToSlaveCallable<TargetCapabilitiesCallable.TargetZfs, IOException> {
    private static final long serialVersionUID = 1L;
    private final String host;

    /** @param host how the logs name the target ({@code agent:NAME}) */
    TargetCapabilitiesCallable(String host) {
        this.host = host;
    }

    /** What the target's zfs supports, and its version for the build's log. */
    record TargetZfs(Capabilities capabilities, String version) implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public String toString() {
            return capabilities + ", zfs " + version;
        }
    }

    @Override
    public TargetZfs call() throws IOException {
        try {
            Zfs zfs = new Zfs(new ProcessCommandRunner());
            return new TargetZfs(new Capabilities(host, zfs.capabilities().features()), zfs.version());
        } catch (ZfsException e) {
            throw new AbortException("zfsSendRecv: probing zfs on " + host + " failed: " + e.getMessage());
        }
    }
}
