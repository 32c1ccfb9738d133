package hudson.model;

import edu.umd.cs.findbugs.annotations.CheckForNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Action.java ('interface
 * Action extends ModelObject'). All abstract members are declared.
 */
public interface Action extends ModelObject {
    @CheckForNull
    String getIconFileName();

    @CheckForNull
    @Override
    String getDisplayName();

    @CheckForNull
    String getUrlName();
}
