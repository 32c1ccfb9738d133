package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Objects;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.OptionResolver;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveServer;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.WorkDirectory;
import io.jenkins.plugins.zfsreplication.transfer.ZfsPreflight;
import io.jenkins.plugins.zfsreplication.transfer.ZfsStreamCommands;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import jenkins.security.MasterToSlaveCallable;

/**
 * The receiving side of zfsSendRecv over tcp, on the target's agent, started with
 * {@code callAsync}: opens the lanes, writes their endpoints and one-time tokens to
 * {@value #ENDPOINTS} (mode 600) in its own work directory for the controller to read over the
 * same channel, then receives until the sender is done. Cancelling the call (an abort) interrupts
 * it, which ends every process; the work directory is removed either way.
 */
final class ReceiveCallable extends MasterToSlaveCallable<ReceiveServer.Report, IOException> {
    static final String ENDPOINTS = "endpoints";
    private static final long serialVersionUID = 1L;
    private final String planJson;
    private final SendRecvSettings settings;
    private final SendRecvTarget target;
    private final String workDir;

    ReceiveCallable(String planJson, SendRecvSettings settings, SendRecvTarget target, String workDir) {
        this.planJson = planJson;
        this.settings = settings;
        this.target = target;
        this.workDir = workDir;
    }

    @Override
    public ReceiveServer.Report call() throws IOException {
        Path work = Path.of(workDir);
        Files.createDirectories(Objects.requireNonNull(work.getParent(), "the work directory is below the agent's root"));
        Files.createDirectory(work, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        try {
            ReplicationPlan plan = PlanJson.read(planJson, "plan.json from the source's workspace");
            Zfs zfs = new Zfs(new ProcessCommandRunner());
            // the sender cannot tell us its zfs: recv flags follow what this host's zfs supports; the
            // consent to roll back and the naming whose snapshots no rollback destroys are the controller's
            TransferOptions options = settings.options().withBuffer(0, 0);
            ReceiveServer.Receiving receiving = new ReceiveServer.Receiving(ProcessSite.local(), new ZfsStreamCommands(),
                    new ZfsPreflight(null, zfs).creatingParents(options.receiving().createParents())
                            .allowingRollback(options.receiving().allowRollback())
                            .keepingHistory(SnapshotNaming.of(target.prefix())), OptionResolver.resolve(options.requested(), zfs.capabilities(),
                    zfs.capabilities()).used(), options, work);
            try (ReceiveServer server = ReceiveServer.open(plan, receiving, target.addresses())) {
                server.endpoints().write(work.resolve(ENDPOINTS));
                return server.serve();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AbortException("zfsSendRecv: the receiving side was cancelled; every process of it was ended");
        } catch (ZfsException e) {
            throw new AbortException("zfsSendRecv: the receiving side failed: " + e.getMessage());
        } finally {
            WorkDirectory.delete(work); // scratch only: what is left is in the agent's temp directory
        }
    }
}
