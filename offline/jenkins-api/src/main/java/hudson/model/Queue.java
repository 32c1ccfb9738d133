package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Queue.java (only the nested
 * interfaces Task, FlyweightTask and Executable, which the bounds of JenkinsRule.buildAndAssertStatus
 * and ParameterizedJobMixIn name). The class itself is a placeholder (real: 'extends
 * ResourceController implements Saveable'); Jenkins creates the only instance.
 */
public class Queue {
    Queue() {
        // package-private on purpose: the plugin never creates the queue
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
