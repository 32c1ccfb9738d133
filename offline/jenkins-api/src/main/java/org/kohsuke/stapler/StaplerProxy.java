package org.kohsuke.stapler;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/StaplerProxy.java
 * (getTarget() omitted). Placeholder supertype: declared empty; its own supertypes are listed in
 * docs/architecture.md.
 */
public interface StaplerProxy {
}
