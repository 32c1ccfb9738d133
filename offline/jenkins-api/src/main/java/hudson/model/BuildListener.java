package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/BuildListener.java
 * ('interface BuildListener extends TaskListener'; the default started/finished methods are
 * omitted).
 */
public interface BuildListener extends TaskListener {
}
