package hudson.model;

import java.io.File;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/PersistenceRoot.java
 * ('interface PersistenceRoot extends Saveable').
 */
public interface PersistenceRoot extends Saveable {
    File getRootDir();
}
