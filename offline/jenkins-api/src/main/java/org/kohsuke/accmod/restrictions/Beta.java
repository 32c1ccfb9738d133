package org.kohsuke.accmod.restrictions;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/lib-access-modifier access-modifier-annotation/src/main/java/org/kohsuke/accmod/restrictions/Beta.java
 * at tag access-modifier-1.35 (the version Jenkins 2.541.3 builds with; not on Maven Central) ('public class Beta extends DoNotUse'). Members omitted.
 */
public class Beta extends DoNotUse {
}
