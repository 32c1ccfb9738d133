package org.kohsuke.stapler;

import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/AncestorInPath.java @
 * dccbcdea (@InjectedParameter and HandlerImpl omitted, as for QueryParameter).
 */
@Retention(RUNTIME)
@Target(PARAMETER)
@Documented
public @interface AncestorInPath {
}
