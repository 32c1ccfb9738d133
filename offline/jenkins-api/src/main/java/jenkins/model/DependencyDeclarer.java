package jenkins.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/DependencyDeclarer.java at tag
 * jenkins-2.541.3 ('interface DependencyDeclarer'): placeholder, a supertype of Fingerprinter;
 * its one member (buildDependencyGraph) is omitted.
 */
public interface DependencyDeclarer {
}
