package hudson;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/ExtensionPoint.java (marker; the
 * nested LegacyInstancesAreScopedToHudson annotation is omitted).
 */
public interface ExtensionPoint {
}
