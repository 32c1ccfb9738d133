package hudson.model.queue;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.ExtensionList;
import hudson.ExtensionPoint;
import hudson.model.Node;
import hudson.model.Queue;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/queue/QueueTaskDispatcher.java
 * ('abstract class QueueTaskDispatcher implements ExtensionPoint', no declared constructor). Only
 * the item form of canTake and all().
 */
public abstract class QueueTaskDispatcher implements ExtensionPoint {
    @CheckForNull
    public CauseOfBlockage canTake(Node node, Queue.BuildableItem item) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static ExtensionList<QueueTaskDispatcher> all() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
