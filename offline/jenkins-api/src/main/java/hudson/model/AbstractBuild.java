package hudson.model;

import java.io.IOException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/AbstractBuild.java: type
 * parameters and superclass Run<P, R> as in the source; of its interfaces (Queue.Executable,
 * LazyBuildMixIn.LazyLoadingRun, RunWithSCM) only Queue.Executable is declared (the bound of
 * JenkinsRule.buildAndAssertStatus), for the reason given on AbstractProject.
 * Of the constructors only AbstractBuild(P) is declared (empty).
 */
public abstract class AbstractBuild<P extends AbstractProject<P, R>, R extends AbstractBuild<P, R>>
        extends Run<P, R> implements Queue.Executable {
    protected AbstractBuild(P job) throws IOException {
        super(job);
    }
}
