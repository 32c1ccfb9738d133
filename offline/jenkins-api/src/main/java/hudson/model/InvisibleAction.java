package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/InvisibleAction.java
 * (getIconFileName is final there).
 */
public abstract class InvisibleAction implements Action {
    @Override
    public final String getIconFileName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public final String getDisplayName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public String getUrlName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
