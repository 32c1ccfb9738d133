package hudson.model;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import jenkins.model.ModelObjectWithChildren;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Label.java ('abstract class
 * Label extends Actionable implements Comparable<Label>, ModelObjectWithChildren'; static
 * get(String) is @CheckForNull). Only get(String), the way a JenkinsRule test names an agent's
 * label. No constructor is callable: Jenkins creates labels.
 */
public abstract class Label extends Actionable implements Comparable<Label>, ModelObjectWithChildren {
    Label() {
        // package-private on purpose: labels come from Label.get
    }

    @CheckForNull
    public static Label get(String l) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
