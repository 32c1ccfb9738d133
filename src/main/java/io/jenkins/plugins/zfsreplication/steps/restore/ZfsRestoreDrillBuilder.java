package io.jenkins.plugins.zfsreplication.steps.restore;

import hudson.Extension;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsBuilderDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStepBuilder;
import java.util.Objects;
import org.kohsuke.stapler.DataBoundConstructor;

/**
 * The freestyle form of {@link ZfsRestoreDrillStep}: it holds the step itself as its one value, so
 * the options, their help and form checks exist once (the freestyle form nests the step's).
 */
public final class ZfsRestoreDrillBuilder extends ZfsStepBuilder {
    private final ZfsRestoreDrillStep drill;

    @DataBoundConstructor
    public ZfsRestoreDrillBuilder(ZfsRestoreDrillStep drill) {
        this.drill = Objects.requireNonNull(drill, "drill");
    }

    public ZfsRestoreDrillStep getDrill() {
        return drill;
    }

    @Override
    protected ZfsRestoreDrillStep step() {
        return drill;
    }

    @Extension
    public static final class DescriptorImpl extends ZfsBuilderDescriptor {
        public DescriptorImpl() {
            super("Restore drill: receive a ZFS backup into a scratch dataset and verify it");
        }
    }
}
