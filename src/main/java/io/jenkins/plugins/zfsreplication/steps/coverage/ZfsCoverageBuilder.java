package io.jenkins.plugins.zfsreplication.steps.coverage;

import hudson.Extension;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsBuilderDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStepBuilder;
import java.util.Objects;
import org.kohsuke.stapler.DataBoundConstructor;

/**
 * The freestyle form of {@link ZfsCoverageStep}: it holds the step itself as its one value, so the
 * options, their help and form checks exist once (the freestyle form nests the step's).
 */
public final class ZfsCoverageBuilder extends ZfsStepBuilder {
    private final ZfsCoverageStep coverage;

    @DataBoundConstructor
    public ZfsCoverageBuilder(ZfsCoverageStep coverage) {
        this.coverage = Objects.requireNonNull(coverage, "coverage");
    }

    public ZfsCoverageStep getCoverage() {
        return coverage;
    }

    @Override
    protected ZfsCoverageStep step() {
        return coverage;
    }

    @Extension
    public static final class DescriptorImpl extends ZfsBuilderDescriptor {
        public DescriptorImpl() {
            super("Verify coverage: read tonight's slice of a ZFS backup and match it with the source");
        }
    }
}
