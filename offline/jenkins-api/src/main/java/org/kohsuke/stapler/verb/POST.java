package org.kohsuke.stapler.verb;

import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/verb/POST.java @
 * e8cd3f7b (@InterceptorAnnotation omitted: it only matters to Stapler's dispatcher).
 */
@Target(METHOD)
@Retention(RUNTIME)
@Documented
public @interface POST {
}
