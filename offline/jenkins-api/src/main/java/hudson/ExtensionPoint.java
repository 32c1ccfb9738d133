package hudson;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/ExtensionPoint.java: a marker
 * interface, as Jenkins core declares it (the file itself was not re-read); the nested
 * LegacyInstancesAreScopedToHudson annotation is omitted.
 */
public interface ExtensionPoint {
}
