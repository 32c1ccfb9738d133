package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.PipelineSpec;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;

/**
 * Only the receiving half of the tcp transport: the listener is already open (its endpoint and
 * token were handed to the sender); a step waits for the connection and starts zfs recv.
 */
public final class TcpReceiveSide implements Transport {
    private final TcpListener listener;

    public TcpReceiveSide(TcpListener listener) {
        this.listener = listener;
    }

    /** The stream arrives once, from a sender elsewhere: nothing here can start it again. */
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
        try {
            listener.acceptAndStart(pipeline, spec.receiver(), spec.receiveSide(), spec.workDir());
            return pipeline;
        } catch (RuntimeException e) {
            listener.close();
            pipeline.destroy();
            throw e;
        }
    }
}
