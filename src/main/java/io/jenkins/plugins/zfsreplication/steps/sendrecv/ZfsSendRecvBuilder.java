package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.util.Objects;

import hudson.Extension;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsBuilderDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStepBuilder;
import org.kohsuke.stapler.DataBoundConstructor;

/**
 * The freestyle form of {@link ZfsSendRecvStep}: it holds the step itself as its one value, so the options,
 * their help and form checks exist once (the freestyle form nests the step's; see {@link ZfsVerifyBuilder}).
 */
public final class ZfsSendRecvBuilder extends ZfsStepBuilder {
    private final ZfsSendRecvStep sendRecv;

    @DataBoundConstructor
    public ZfsSendRecvBuilder(ZfsSendRecvStep sendRecv) {
        this.sendRecv = Objects.requireNonNull(sendRecv, "sendRecv");
    }

    public ZfsSendRecvStep getSendRecv() {
        return sendRecv;
    }

    @Override
    protected ZfsSendRecvStep step() {
        return sendRecv;
    }

    @Extension
    public static final class DescriptorImpl extends ZfsBuilderDescriptor {
        public DescriptorImpl() {
            super("ZFS send/recv: run a replication plan");
        }
    }
}
