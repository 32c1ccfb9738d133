package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.PipelineSpec;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;

/**
 * Directly between the two hosts: the receiving side listens ({@link TcpListener}), the sending side
 * connects and presents the one-time token ({@link TcpConnector}), over TLS with the listener's
 * certificate pinned unless the options ask for plaintext. Both sides are started from this
 * JVM through their {@link ProcessSite}s; across Jenkins agents each side runs on its own agent and
 * the endpoint and token travel over the remoting channel.
 *
 * @param bindAddress    where the receiver listens, an address of the receiving host
 * @param connectAddress the address the sender connects to (the same, seen from the sender)
 * @param port           0: any free port
 */
public record TcpTransport(String bindAddress, String connectAddress, int port) implements Transport {
    public TcpTransport {
        TcpListener.checkAddress(bindAddress);
        TcpListener.checkAddress(connectAddress);
        if (port < 0 || port > 65535) {
            throw new TransferException("Port %d is not a TCP port (0-65535; 0 = any free port)", port);
        }
    }

    @Override
    public String name() {
        return "tcp";
    }

    @Override
    public RunningPipeline start(PipelineSpec spec) {
        RunningPipeline pipeline = new RunningPipeline();
        TcpListener listener = TcpListener.listen(spec.receiver(), bindAddress, port, spec.options(), spec.workDir());
        try {
            TcpConnector.connect(pipeline, spec.sender(), new TcpSendSide(connectAddress, listener.port(),
                    listener.token(), listener.certificate()), spec.sendSide(), spec.options(), spec.workDir());
            listener.acceptAndStart(pipeline, spec.receiver(), spec.receiveSide(), spec.workDir());
            return pipeline;
        } catch (RuntimeException e) {
            listener.close();
            pipeline.destroy();
            throw e;
        }
    }
}
