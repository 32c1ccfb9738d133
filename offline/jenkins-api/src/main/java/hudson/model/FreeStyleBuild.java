package hudson.model;

import java.io.IOException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/FreeStyleBuild.java ('class
 * FreeStyleBuild extends Build<FreeStyleProject, FreeStyleBuild>'): what
 * JenkinsRule.buildAndAssertSuccess(FreeStyleProject) returns. The (FreeStyleProject) constructor
 * throws here.
 */
public class FreeStyleBuild extends Build<FreeStyleProject, FreeStyleBuild> {
    public FreeStyleBuild(FreeStyleProject project) throws IOException {
        super(project);
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
