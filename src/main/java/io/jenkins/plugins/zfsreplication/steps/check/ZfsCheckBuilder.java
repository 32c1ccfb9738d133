package io.jenkins.plugins.zfsreplication.steps.check;

import java.util.Objects;

import hudson.Extension;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsBuilderDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStepBuilder;
import org.kohsuke.stapler.DataBoundConstructor;

/** The freestyle form of {@link ZfsCheckStep}: it holds the step itself as its one value. */
public final class ZfsCheckBuilder extends ZfsStepBuilder {
    private final ZfsCheckStep check;

    @DataBoundConstructor
    public ZfsCheckBuilder(ZfsCheckStep check) {
        this.check = Objects.requireNonNull(check, "check");
    }

    public ZfsCheckStep getCheck() {
        return check;
    }

    @Override
    protected ZfsCheckStep step() {
        return check;
    }

    @Extension
    public static final class DescriptorImpl extends ZfsBuilderDescriptor {
        public DescriptorImpl() {
            super("Check that ZFS replication is fresh (age of the newest common snapshot)");
        }
    }
}
