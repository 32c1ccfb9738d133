package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.Compression;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.StepTransfer;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.util.ArrayList;
import java.util.List;

/**
 * One lane of a {@link ReceiveServer}: accept a connection, check its header, receive its step,
 * listen again on the same port, then report the step's verdict (so that the sender, which waits
 * for the verdict before using the lane again, always finds it listening).
 */
final class LaneLoop implements Runnable {
    private static final long POLL_MILLIS = 25;
    private final ReceiveServer.Lane lane;
    private final ReceiveServer server;
    private final ReceiveServer.Receiving receiving;

    LaneLoop(ReceiveServer.Lane lane, ReceiveServer server) {
        this.lane = lane;
        this.server = server;
        this.receiving = server.receiving();
    }

    @Override
    public void run() {
        while (!server.stopping()) {
            TcpListener listener = lane.current;
            if (listener == null && (listener = listen()) == null) {
                continue;
            }
            receiveOne(listener);
        }
        lane.end();
    }

    private void receiveOne(TcpListener listener) {
        RunningPipeline pipeline = new RunningPipeline();
        ReceiveLedger.Accepted[] accepted = new ReceiveLedger.Accepted[1];
        try {
            listener.acceptAndStart(pipeline, receiving.launcher(), receiving.workDir(), ReceiveLedger.HEADER_LENGTH,
                    header -> stages(accepted, header), refusal -> {
                        if (!server.stopping()) {
                            server.log(refusal);
                        }
                    });
        } catch (TransferException e) {
            lane.current = null;
            if (accepted[0] != null) {
                // the token was right but the step cannot be received (the plan is stale on the target)
                server.ledger().finish(accepted[0], StepOutcome.FAILED, 0, e.getMessage());
                lane.current = server.stopping() ? null : listen();
                server.verdict(accepted[0].index(), 0, e.getMessage());
            } else if (!server.stopping() && !e.getMessage().startsWith("No sender connected")) {
                server.log(e.getMessage());
            }
            return;
        }
        lane.running = pipeline;
        String failure = watch(pipeline);
        if (!failure.isEmpty() && pipeline.onlyTheMountFailed() && receiving.preflight().receivedUnmounted(
                accepted[0].step(), receiving.used(), receiving.options(), server::log)) {
            failure = "";
        }
        long bytes = pipeline.bytes();
        lane.running = null;
        ReceiveLedger.Accepted step = accepted[0];
        if (!failure.isEmpty()) {
            receiving.preflight().settle(step.step(), receiving.used(), receiving.options(), server::log);
        } else {
            try {
                receiving.preflight().received(step.step(), receiving.used(), receiving.options(), server::log);
            } catch (TransferException e) {
                server.log(e.getMessage());
                failure = e.getMessage();
            }
        }
        server.ledger().finish(step, failure.isEmpty() ? StepOutcome.OK : StepOutcome.FAILED, bytes, failure);
        server.log(String.format("%s: %s, %s", StepTransfer.label(step.step()), failure.isEmpty() ? "received"
                : "failed: " + failure, Sizes.human(bytes)));
        lane.current = server.stopping() ? null : listen();
        server.verdict(step.index(), bytes, failure);
    }

    /** The ledger's verdict on the header, the target checked, and the receiving stages to start. */
    private List<StageCommand> stages(ReceiveLedger.Accepted[] accepted, byte[] header) {
        accepted[0] = server.ledger().accept(header);
        var step = accepted[0].step();
        if (accepted[0].resumed()) {
            // the partial receive the token stands for must stay as it is: no checks, no rollback
            server.log(String.format("%s: the sender resumes the interrupted receive from this host's resume token",
                    step.target()));
        } else {
            step = receiving.preflight().check(step, receiving.used(), server::log);
        }
        List<StageCommand> stages = new ArrayList<>();
        if (receiving.options().stream().compression() != Compression.NONE) {
            stages.add(new StageCommand("decompress", receiving.options().stream().compression().decompressCommand()));
        }
        stages.add(new StageCommand("zfs recv", receiving.commands().sink(step, receiving.used(), receiving.options())));
        return stages;
    }

    /** "" when every stage ended well, else why not; ends the pipeline when a stage failed or on stop. */
    private String watch(RunningPipeline pipeline) {
        while (true) {
            if (pipeline.failed()) {
                try {
                    pipeline.endAfterAFailure();
                } catch (InterruptedException e) {
                    return "the receiving side was cancelled";
                }
                return pipeline.failureText();
            }
            if (pipeline.finished()) {
                return "";
            }
            if (server.stopping()) {
                pipeline.destroy();
                return "the receiving side was stopped (the sender ended or the run was cancelled)";
            }
            try {
                pipeline.awaitChange(POLL_MILLIS);
            } catch (InterruptedException e) {
                pipeline.destroy();
                return "the receiving side was cancelled";
            }
        }
    }

    /** Listens on the lane's port again; null (and a log line) when that fails, after a pause. */
    private TcpListener listen() {
        try {
            TcpListener listener = TcpListener.listen(receiving.launcher(), lane.bindAddress, lane.port,
                    ReceiveServer.laneOptions(receiving.options()), receiving.workDir(), server.security().files(),
                    server.security().pinned());
            // published before stopping is read: stop() sets stopping before it ends lane.current, so
            // either it ends this listener or this sees stopping. Checked the other way round, a stop in
            // between left a listener that waited for a connection for the lane's week-long accept timeout
            lane.current = listener;
            if (server.stopping()) {
                listener.close();
                lane.current = null;
                return null;
            }
            return listener;
        } catch (TransferException e) {
            server.log("lane " + lane.port + ": " + e.getMessage());
            try {
                Thread.sleep(1000);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            return null;
        }
    }
}
