package jenkins.model;

import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.Beta;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/HistoricalBuild.java
 * at tag jenkins-2.541.3 ('@Restricted(Beta.class) public interface HistoricalBuild extends
 * FullyNamedModelObject', @since 2.477). Placeholder supertype: its members are omitted.
 */
@Restricted(Beta.class)
public interface HistoricalBuild extends FullyNamedModelObject {
}
