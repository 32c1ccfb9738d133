package hudson.model;

import hudson.ExtensionPoint;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/ExecutorListener.java
 * ('extends ExtensionPoint'; default methods omitted). Placeholder supertype: the plugin never
 * uses it, so it is declared empty and without its own supertypes (except those listed in
 * docs/architecture.md).
 */
public interface ExecutorListener extends ExtensionPoint {
}
