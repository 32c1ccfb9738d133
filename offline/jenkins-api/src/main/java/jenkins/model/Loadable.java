package jenkins.model;

import java.io.IOException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/Loadable.java (imported by
 * Descriptor.java as jenkins.model.Loadable).
 */
public interface Loadable {
    void load() throws IOException;
}
