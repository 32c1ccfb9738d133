package org.kohsuke.accmod.restrictions;

import org.kohsuke.accmod.AccessRestriction;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/lib-access-modifier access-modifier-annotation/src/main/java/org/kohsuke/accmod/restrictions/DoNotUse.java
 * at tag access-modifier-1.35 (the version Jenkins 2.541.3 builds with; not on Maven Central) ('public class DoNotUse extends AccessRestriction'). Members omitted.
 */
public class DoNotUse extends AccessRestriction {
}
