package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import java.util.List;
import jenkins.model.ModelObjectWithContextMenu;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Actionable.java ('abstract
 * class Actionable extends AbstractModelObject implements ModelObjectWithContextMenu').
 */
public abstract class Actionable extends AbstractModelObject implements ModelObjectWithContextMenu {
    public void addAction(@NonNull Action a) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public final List<? extends Action> getAllActions() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public boolean addOrReplaceAction(@NonNull Action a) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <T extends Action> T getAction(Class<T> type) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public <T extends Action> List<T> getActions(Class<T> type) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
