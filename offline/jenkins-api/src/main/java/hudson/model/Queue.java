package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Queue.java (only the nested
 * interfaces Task, FlyweightTask and Executable, which the bounds of JenkinsRule.buildAndAssertStatus
 * and ParameterizedJobMixIn name). The class itself is a placeholder (real: 'extends
 * ResourceController implements Saveable', omitted); its one constructor is the real one, and
 * Jenkins creates the only instance.
 */
public class Queue {
    public Queue(@NonNull LoadBalancer loadBalancer) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    /**
     * Real: 'interface Task extends FullyNamedModelObject, SubTask'. Placeholder: supertypes and
     * members omitted.
     */
    public interface Task {
    }

    /** Real: 'interface FlyweightTask extends Task'. */
    public interface FlyweightTask extends Task {
    }

    /**
     * Real: 'interface Executable extends Runnable, WithConsoleUrl'. Placeholder: supertypes and
     * members omitted.
     */
    public interface Executable {
    }
}
