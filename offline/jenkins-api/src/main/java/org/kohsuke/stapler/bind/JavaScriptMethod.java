package org.kohsuke.stapler.bind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/bind/JavaScriptMethod.java
 * at tag 2050.v425108fd5089 ('@Retention(RUNTIME) @Target(METHOD) @Documented public @interface
 * JavaScriptMethod', name() default {}): a method a page calls through the proxy st:bind makes.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Documented
public @interface JavaScriptMethod {
    String[] name() default {};
}
