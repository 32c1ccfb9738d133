package jenkins.model;

import hudson.model.Action;
import hudson.model.Run;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/RunAction2.java ('interface
 * RunAction2 extends Action'). All abstract members are declared.
 */
public interface RunAction2 extends Action {
    void onAttached(Run<?, ?> r);

    void onLoad(Run<?, ?> r);
}
