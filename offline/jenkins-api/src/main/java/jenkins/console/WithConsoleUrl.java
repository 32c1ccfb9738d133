package jenkins.console;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/console/WithConsoleUrl.java
 * (getConsoleUrl() omitted). Placeholder supertype: declared empty; its own supertypes are listed
 * in docs/architecture.md.
 */
public interface WithConsoleUrl {
}
