package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import hudson.AbortException;
import hudson.model.TaskListener;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.topology.Topology;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveEndpoints;
import io.jenkins.plugins.zfsreplication.transfer.tcp.RemoteReceiverTransport;
import io.jenkins.plugins.zfsreplication.transfer.ResumeTokens;
import io.jenkins.plugins.zfsreplication.transfer.StepGate;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.ZfsPreflight;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.Capabilities;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import jenkins.MasterToSlaveFileCallable;

/**
 * The sending side of zfsSendRecv over tcp, on the source's agent: runs the plan with every step
 * streamed to the receiving side on the target's agent ({@link ReceiveCallable}), whose endpoints
 * and tokens the controller handed over, with the target's resume tokens (a step they resume is
 * sent with {@code zfs send -t}). Between steps the target's rules are checked against the
 * listing the target's agent took at the start.
 */
final class TcpSendCallable extends MasterToSlaveFileCallable<SendRecvSummary> {
    private static final long serialVersionUID = 1L;
    private final SendRecvSettings settings;
    private final SendRecvTarget target;
    private final ReceiveEndpoints endpoints;
    private final ListingText targetListing;
    private final ResumeTokens targetTokens;
    private final Capabilities targetCapabilities;
    private final TaskListener listener;

    /**
     * @param targetListing the target's listing for the retention checks; null without target rules
     * @param targetTokens  the target's resume tokens, read there before the run
     * @param targetCapabilities what the target's zfs supports, probed there: the send options are
     *                      those both ends support
     */
    TcpSendCallable(SendRecvSettings settings, SendRecvTarget target, ReceiveEndpoints endpoints,
                    ListingText targetListing, ResumeTokens targetTokens, Capabilities targetCapabilities,
                    TaskListener listener) {
        this.settings = settings;
        this.target = target;
        this.endpoints = endpoints;
        this.targetListing = targetListing;
        this.targetTokens = targetTokens;
        this.targetCapabilities = targetCapabilities;
        this.listener = listener;
    }

    @Override
    public SendRecvSummary invoke(File workspace, VirtualChannel channel) throws IOException, InterruptedException {
        Path root = workspace.toPath();
        ReplicationPlan plan = PlanJson.read(root.resolve(settings.plan()));
        Topology topology = settings.topology("", List.of(), target.agent());
        Zfs source = topology.sourceZfs(new ProcessCommandRunner());
        StepGate gate = SendRecvJob.retentionGate(source, target.retention(Instant.now()), plan, targetListing,
                listener.getLogger()::println);
        // says TLS and the pinned certificate's fingerprint, or plaintext; never a token
        listener.getLogger().println("zfsSendRecv: sending over tcp to the " + endpoints);
        try (RemoteReceiverTransport transport = RemoteReceiverTransport.connect(endpoints, plan, settings.options())) {
            SendRecvJob job = SendRecvJob.sendingSide(topology.transport(transport), source.capabilities(), targetCapabilities,
                    ZfsPreflight.sendingSide(source, targetTokens), gate, settings.options(),
                    listener.getLogger()::println).bookmarkingOn(source);
            return SendRecvCallable.execute(root, settings, job, plan, target.holds(source));
        } catch (TransferException e) {
            throw new AbortException("zfsSendRecv: " + e.getMessage());
        }
    }
}
