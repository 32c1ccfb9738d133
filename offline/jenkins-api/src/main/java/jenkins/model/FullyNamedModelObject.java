package jenkins.model;

import hudson.model.ModelObject;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/FullyNamedModelObject.java at
 * tag jenkins-2.541.3 ('public interface FullyNamedModelObject extends ModelObject'). Placeholder:
 * the direct supertype through which ItemGroup, HistoricalBuild and QueueItem are ModelObjects on
 * that line; its member is omitted.
 */
public interface FullyNamedModelObject extends ModelObject {
}
