package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Describable.java:
 * getDescriptor() is abstract on the 2.479 line (a default method only since 2.505).
 */
public interface Describable<T extends Describable<T>> {
    Descriptor<T> getDescriptor();
}
