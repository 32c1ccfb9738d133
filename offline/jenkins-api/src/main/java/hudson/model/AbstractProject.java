package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/AbstractProject.java: type
 * parameters and superclass Job<P, R> as in the source; its interfaces (BuildableItem,
 * LazyBuildMixIn.LazyLoadingJob, ParameterizedJobMixIn.ParameterizedJob) are omitted, because the
 * plugin only names this type in BuildStep signatures and dropping supertypes can only make
 * offline compilation stricter. Constructors are replaced by a package-private one: the plugin
 * never creates or subclasses this type.
 */
public abstract class AbstractProject<P extends AbstractProject<P, R>, R extends AbstractBuild<P, R>>
        extends Job<P, R> {
    AbstractProject() {
        // package-private on purpose, see the class comment
    }
}
