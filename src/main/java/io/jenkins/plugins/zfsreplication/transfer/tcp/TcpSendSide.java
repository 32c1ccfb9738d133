package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.PipelineSpec;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;

/**
 * Only the sending half of the tcp transport, for a receiver started elsewhere (another agent, or
 * {@code zfs-replication recv --listen} on the target host) that gave out its endpoint, token and
 * certificate.
 *
 * @param certificate the receiver's certificate to pin; null only with plaintext asked for by name
 */
public record TcpSendSide(String host, int port, String token, PinnedCertificate certificate) implements Transport {
    public TcpSendSide {
        TcpListener.checkAddress(host);
        if (port < 1 || port > 65535) {
            throw new TransferException("Port %d is not a TCP port to connect to (1-65535)", port);
        }
    }

    /** The receiving side (recv --listen) accepts one connection with its token: a failed step is not sent again. */
    @Override
    public boolean retriable() {
        return false;
    }

    @Override
    public String name() {
        return "tcp";
    }

    @Override
    public RunningPipeline start(PipelineSpec spec) {
        RunningPipeline pipeline = new RunningPipeline();
        TcpConnector.connect(pipeline, spec.sender(), this, spec.sendSide(), spec.options(), spec.workDir());
        return pipeline;
    }

    @Override
    public String toString() {
        return "tcp to " + host + ":" + port; // never the token
    }
}
