package hudson.model;

import java.io.IOException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Saveable.java (the NOOP
 * constant is omitted).
 */
public interface Saveable {
    void save() throws IOException;
}
