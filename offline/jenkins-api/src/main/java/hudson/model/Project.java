package hudson.model;

import hudson.tasks.Builder;
import hudson.util.DescribableList;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Project.java ('abstract class
 * Project<P extends Project<P, B>, B extends Build<P, B>> extends AbstractProject<P, B> implements
 * SCMTriggerItem, Saveable, ProjectWithMaven, BuildableItemWithBuildWrappers'); the interfaces are
 * omitted. Only getBuildersList(), with which a JenkinsRule test puts a builder into a freestyle job.
 */
public abstract class Project<P extends Project<P, B>, B extends Build<P, B>> extends AbstractProject<P, B> {
    protected Project(ItemGroup parent, String name) {
        super(parent, name);
    }

    public DescribableList<Builder, Descriptor<Builder>> getBuildersList() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
