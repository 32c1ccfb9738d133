package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/ModelObject.java.
 */
public interface ModelObject {
    String getDisplayName();
}
