package io.jenkins.plugins.zfsreplication.steps.verify;

import java.util.Objects;

import hudson.Extension;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsBuilderDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStepBuilder;
import org.kohsuke.stapler.DataBoundConstructor;

/**
 * The freestyle form of {@link ZfsVerifyStep}: it holds the step itself as its one value, so the
 * options, their defaults, help and form checks exist once (the freestyle form nests the step's).
 */
public final class ZfsVerifyBuilder extends ZfsStepBuilder {
    private final ZfsVerifyStep verify;

    @DataBoundConstructor
    public ZfsVerifyBuilder(ZfsVerifyStep verify) {
        this.verify = Objects.requireNonNull(verify, "verify");
    }

    public ZfsVerifyStep getVerify() {
        return verify;
    }

    @Override
    protected ZfsVerifyStep step() {
        return verify;
    }

    @Extension
    public static final class DescriptorImpl extends ZfsBuilderDescriptor {
        public DescriptorImpl() {
            super("Verify ZFS data by chunk hashes");
        }
    }
}
