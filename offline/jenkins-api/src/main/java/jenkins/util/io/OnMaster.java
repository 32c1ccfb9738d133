package jenkins.util.io;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/util/io/OnMaster.java (marker,
 * @since 1.475).
 */
public interface OnMaster {
}
