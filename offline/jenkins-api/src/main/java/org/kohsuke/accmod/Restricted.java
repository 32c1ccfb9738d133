package org.kohsuke.accmod;

import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/lib-access-modifier access-modifier-annotation/src/main/java/org/kohsuke/accmod/Restricted.java
 * at tag access-modifier-1.35 (the version Jenkins 2.541.3 builds with; not on Maven Central): '@Retention(RUNTIME) @Documented @Indexed public @interface Restricted'; the SezPoz
 * meta-annotation @Indexed is omitted. The stand-ins carry it where the real classes do, so that
 * ArchitectureTest finds a use of a restricted Jenkins API offline as access-modifier-checker does
 * in the root build.
 */
@Retention(RUNTIME)
@Documented
public @interface Restricted {
    Class<? extends AccessRestriction>[] value();
}
