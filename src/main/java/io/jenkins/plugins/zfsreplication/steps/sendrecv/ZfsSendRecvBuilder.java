package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
import io.jenkins.plugins.zfsreplication.steps.verify.ZfsVerifyBuilder;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.EnvVars;
import hudson.Extension;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.AbstractProject;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.tasks.BuildStepDescriptor;
import hudson.tasks.Builder;
import java.io.IOException;
import java.util.Objects;
import jenkins.tasks.SimpleBuildStep;
import org.kohsuke.stapler.DataBoundConstructor;

/**
 * The freestyle form of {@link ZfsSendRecvStep}: it holds the step itself as its one value, so the options,
 * their help and form checks exist once (the freestyle form nests the step's; see {@link ZfsVerifyBuilder}).
 */
public final class ZfsSendRecvBuilder extends Builder implements SimpleBuildStep {
    private final ZfsSendRecvStep sendRecv;

    @DataBoundConstructor
    public ZfsSendRecvBuilder(ZfsSendRecvStep sendRecv) {
        this.sendRecv = Objects.requireNonNull(sendRecv, "sendRecv");
    }

    public ZfsSendRecvStep getSendRecv() {
        return sendRecv;
    }

    @Override
    public void perform(@NonNull Run<?, ?> run, @NonNull FilePath workspace, @NonNull EnvVars env,
                        @NonNull Launcher launcher, @NonNull TaskListener listener) throws InterruptedException, IOException {
        sendRecv.perform(ZfsReplicationConfiguration.current(), run, workspace, launcher, listener);
    }

    @Extension
    public static final class DescriptorImpl extends BuildStepDescriptor<Builder> {
        @Override
        public boolean isApplicable(Class<? extends AbstractProject> jobType) {
            return true;
        }

        @NonNull
        @Override
        public String getDisplayName() {
            return "ZFS send/recv: run a replication plan";
        }
    }
}
