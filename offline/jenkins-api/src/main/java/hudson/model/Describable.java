package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Describable.java at tag
 * jenkins-2.541.3: getDescriptor() is a default method since 2.505 (it finds the class's
 * descriptor).
 */
public interface Describable<T extends Describable<T>> {
    default Descriptor<T> getDescriptor() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
