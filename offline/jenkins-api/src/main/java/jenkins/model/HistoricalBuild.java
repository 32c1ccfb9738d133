package jenkins.model;

import hudson.model.ModelObject;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.Beta;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/HistoricalBuild.java
 * at tag jenkins-2.479.3 ('@Restricted(Beta.class) public interface HistoricalBuild extends
 * ModelObject', @since 2.477, so Run implements it on the 2.479 line). Placeholder supertype: its
 * members are omitted.
 */
@Restricted(Beta.class)
public interface HistoricalBuild extends ModelObject {
}
