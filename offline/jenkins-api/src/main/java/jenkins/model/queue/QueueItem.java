package jenkins.model.queue;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import jenkins.model.FullyNamedModelObject;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.Beta;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/queue/QueueItem.java
 * at tag jenkins-2.541.3 ('@Restricted(Beta.class) interface QueueItem extends FullyNamedModelObject'). A supertype of Queue.Item;
 * only its default getDisplayName(), with which the item classes implement ModelObject.
 */
@Restricted(Beta.class)
public interface QueueItem extends FullyNamedModelObject {
    @CheckForNull
    @Override
    default String getDisplayName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
