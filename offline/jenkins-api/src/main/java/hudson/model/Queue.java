package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import java.util.Calendar;
import java.util.List;
import jenkins.model.queue.QueueItem;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Queue.java (only the nested
 * interfaces Task, FlyweightTask and Executable, which the bounds of JenkinsRule.buildAndAssertStatus
 * and ParameterizedJobMixIn name, and the item classes a BuildableItem is made of, which
 * Node.canTake and QueueTaskDispatcher.canTake take). The class itself is a placeholder (real: 'extends
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
     * Real: 'abstract static class Item extends Actionable implements QueueItem'. Only the copying
     * constructor, one of the real protected ones.
     */
    public abstract static class Item extends Actionable implements QueueItem {
        protected Item(Item item) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }

    /**
     * Real: 'static final class WaitingItem extends Item implements Comparable<WaitingItem>'
     * (Comparable omitted). A waiting item made outside the queue is how a caller asks the queue's
     * questions (Node.canTake, QueueTaskDispatcher.canTake) about a task without scheduling it.
     */
    public static final class WaitingItem extends Item {
        public WaitingItem(Calendar timestamp, Task project, List<Action> actions) {
            super(null);
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }

    /** Real: 'abstract static class NotWaitingItem extends Item'. */
    public abstract static class NotWaitingItem extends Item {
        protected NotWaitingItem(WaitingItem wi) {
            super(wi);
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }

    /** Real: 'static final class BuildableItem extends NotWaitingItem'. */
    public static final class BuildableItem extends NotWaitingItem {
        public BuildableItem(WaitingItem wi) {
            super(wi);
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }

    /**
     * Real: 'interface Executable extends Runnable, WithConsoleUrl'. Placeholder: supertypes and
     * members omitted.
     */
    public interface Executable {
    }
}
