package org.kohsuke.accmod;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/lib-access-modifier access-modifier-annotation/src/main/java/org/kohsuke/accmod/AccessRestriction.java
 * at tag access-modifier-1.35 (the version Jenkins 2.541.3 builds with; not on Maven Central) ('public abstract class AccessRestriction'). Placeholder: the bound of Restricted.value(); its
 * members, which take the checker's own types, are omitted.
 */
public abstract class AccessRestriction {
}
