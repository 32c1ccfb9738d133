package hudson.model;

import java.io.IOException;
import jenkins.model.ParameterizedJobMixIn;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/AbstractProject.java: type
 * parameters and superclass Job<P, R> as in the source; of its interfaces (BuildableItem,
 * LazyBuildMixIn.LazyLoadingJob, ParameterizedJobMixIn.ParameterizedJob) only ParameterizedJob
 * (which extends BuildableItem) is declared, so that a FreeStyleProject meets the bounds of
 * JenkinsRule.buildAndAssertStatus; dropping supertypes can only make offline compilation stricter. The constructor is the real one, empty here.
 */
public abstract class AbstractProject<P extends AbstractProject<P, R>, R extends AbstractBuild<P, R>>
        extends Job<P, R> implements ParameterizedJobMixIn.ParameterizedJob<P, R> {
    protected AbstractProject(ItemGroup parent, String name) {
        super(parent, name);
    }

    public void setAssignedLabel(Label l) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
