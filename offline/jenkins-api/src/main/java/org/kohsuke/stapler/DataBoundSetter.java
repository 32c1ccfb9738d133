package org.kohsuke.stapler;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/DataBoundSetter.java @
 * 5e03cbdb.
 */
@Retention(RUNTIME)
@Target({METHOD, FIELD})
@Documented
public @interface DataBoundSetter {
}
