package hudson;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/ExtensionPoint.java: a marker
 * interface, at tag jenkins-2.541.3; the nested
 * LegacyInstancesAreScopedToHudson annotation is omitted.
 */
public interface ExtensionPoint {
}
