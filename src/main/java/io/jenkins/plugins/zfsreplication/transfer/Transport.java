package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;

/**
 * How a step's stream gets from the sending side to the receiving side: {@link LocalTransport}
 * (one host, pipes), {@code transfer.tcp.TcpTransport} (a direct connection between the hosts, guarded by a
 * one-time token), {@link SshTransport} ({@code ssh host 'zfs recv ...'}).
 */
public interface Transport {
    /** "local", "tcp" or "ssh", as artifacts and logs name it. */
    String name();

    /** Starts every process of the step; on failure nothing of it is left running. */
    RunningPipeline start(PipelineSpec spec);

    /**
     * Whether a failed step may be started again through this transport. False where the receiving
     * side accepts each step once (one-time tokens handed out before the run).
     */
    default boolean retriable() {
        return true;
    }
}
