package jenkins.model.queue;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.ModelObject;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.Beta;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/queue/QueueItem.java
 * ('@Restricted(Beta.class) interface QueueItem extends ModelObject'). A supertype of Queue.Item;
 * only its default getDisplayName(), with which the item classes implement ModelObject.
 */
@Restricted(Beta.class)
public interface QueueItem extends ModelObject {
    @CheckForNull
    @Override
    default String getDisplayName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
