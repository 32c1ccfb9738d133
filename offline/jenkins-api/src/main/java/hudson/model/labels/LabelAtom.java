package hudson.model.labels;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Label;
import hudson.model.Saveable;
import java.io.IOException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/labels/LabelAtom.java ('class
 * LabelAtom extends Label implements Saveable'). The type of Node.getSelfLabel(); the constructor
 * is the real public one, save() is Saveable's.
 */
public class LabelAtom extends Label implements Saveable {
    public LabelAtom(@NonNull String name) {
        super(name);
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public void save() throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
