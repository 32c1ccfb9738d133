package hudson.model;

import java.io.IOException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Build.java ('abstract class
 * Build<P extends Project<P, B>, B extends Build<P, B>> extends AbstractBuild<P, B>'). Of the
 * constructors only Build(P) is declared (empty); no members.
 */
public abstract class Build<P extends Project<P, B>, B extends Build<P, B>> extends AbstractBuild<P, B> {
    protected Build(P project) throws IOException {
        super(project);
    }
}
