package io.jenkins.plugins.zfsreplication.steps.prune;

import java.util.Objects;

import hudson.Extension;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsBuilderDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStepBuilder;
import org.kohsuke.stapler.DataBoundConstructor;

/**
 * The freestyle form of {@link ZfsPruneStep}: it holds the step itself as its one value, so the options,
 * their help and form checks exist once (the freestyle form nests the step's; see {@link ZfsVerifyBuilder}).
 */
public final class ZfsPruneBuilder extends ZfsStepBuilder {
    private final ZfsPruneStep prune;

    @DataBoundConstructor
    public ZfsPruneBuilder(ZfsPruneStep prune) {
        this.prune = Objects.requireNonNull(prune, "prune");
    }

    public ZfsPruneStep getPrune() {
        return prune;
    }

    @Override
    protected ZfsPruneStep step() {
        return prune;
    }

    @Extension
    public static final class DescriptorImpl extends ZfsBuilderDescriptor {
        public DescriptorImpl() {
            super("Prune ZFS snapshots before sending");
        }
    }
}
