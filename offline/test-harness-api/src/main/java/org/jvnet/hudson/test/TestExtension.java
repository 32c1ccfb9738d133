package org.jvnet.hudson.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins-test-harness src/main/java/org/jvnet/hudson/test/TestExtension.java
 * ('@Indexable @Retention(RUNTIME) @Target({TYPE, FIELD, METHOD}) @Documented @interface
 * TestExtension', value() default {}). The meta-annotation @Indexable (sezpoz, which indexes the
 * extension for Jenkins) is omitted: offline the ITests are only compiled.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
@Documented
public @interface TestExtension {
    String[] value() default {};
}
