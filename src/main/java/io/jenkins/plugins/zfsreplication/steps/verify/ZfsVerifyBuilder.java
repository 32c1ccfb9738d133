package io.jenkins.plugins.zfsreplication.steps.verify;

import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
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
 * The freestyle form of {@link ZfsVerifyStep}: it holds the step itself as its one value, so the
 * options, their defaults, help and form checks exist once (the freestyle form nests the step's).
 */
public final class ZfsVerifyBuilder extends Builder implements SimpleBuildStep {
    private final ZfsVerifyStep verify;

    @DataBoundConstructor
    public ZfsVerifyBuilder(ZfsVerifyStep verify) {
        this.verify = Objects.requireNonNull(verify, "verify");
    }

    public ZfsVerifyStep getVerify() {
        return verify;
    }

    @Override
    public void perform(@NonNull Run<?, ?> run, @NonNull FilePath workspace, @NonNull EnvVars env,
                        @NonNull Launcher launcher, @NonNull TaskListener listener) throws InterruptedException, IOException {
        VerifyStepSupport.perform(verify.settings(ZfsReplicationConfiguration.current()), run, workspace, launcher,
                listener);
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
            return "Verify ZFS data by chunk hashes";
        }
    }
}
