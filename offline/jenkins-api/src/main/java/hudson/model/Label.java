package hudson.model;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import jenkins.model.ModelObjectWithChildren;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Label.java ('abstract class
 * Label extends Actionable implements Comparable<Label>, ModelObjectWithChildren'; static
 * get(String) is @CheckForNull). Only get(String), the way a JenkinsRule test names an agent's
 * label, contains(Node) (a test's dispatcher), getDisplayName()
 * and compareTo(Label), the interfaces' members the real class implements. The constructor is the real protected one; Jenkins creates labels.
 */
public abstract class Label extends Actionable implements Comparable<Label>, ModelObjectWithChildren {
    protected Label(@NonNull String name) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    @NonNull
    public String getDisplayName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public boolean contains(Node node) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public final int compareTo(Label that) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public static Label get(String l) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
