package org.kohsuke.stapler;

import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/QueryParameter.java @
 * d6548032 (the @InjectedParameter meta-annotation and its HandlerImpl, which Stapler uses at
 * request time, are omitted).
 */
@Retention(RUNTIME)
@Target(PARAMETER)
@Documented
public @interface QueryParameter {
    String value() default "";

    boolean required() default false;

    boolean fixEmpty() default false;
}
