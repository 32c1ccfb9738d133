package hudson.slaves;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/slaves/OfflineCause.java ('abstract
 * class OfflineCause', no declared constructor). Placeholder: the parameter type of
 * Computer.setTemporarilyOffline; members and nested causes omitted.
 */
public abstract class OfflineCause {
}
