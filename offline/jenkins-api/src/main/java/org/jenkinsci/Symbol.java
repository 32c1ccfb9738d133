package org.jenkinsci;

import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/structs-plugin annotation/src/main/java/org/jenkinsci/Symbol.java @
 * a8456f82 (artifact org.jenkins-ci:symbol-annotation; the annotation-indexer @Indexed meta-
 * annotation is omitted).
 */
@Retention(RUNTIME)
@Target(TYPE)
@Documented
public @interface Symbol {
    String[] value();
}
