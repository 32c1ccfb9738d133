package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/AbstractBuild.java: type
 * parameters and superclass Run<P, R> as in the source; its interfaces (Queue.Executable,
 * LazyBuildMixIn.LazyLoadingRun, RunWithSCM) are omitted for the reason given on AbstractProject.
 * Constructors are replaced by a package-private one: the plugin never creates or subclasses this
 * type.
 */
public abstract class AbstractBuild<P extends AbstractProject<P, R>, R extends AbstractBuild<P, R>>
        extends Run<P, R> {
    AbstractBuild() {
        // package-private on purpose, see the class comment
    }
}
