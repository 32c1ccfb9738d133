package io.jenkins.plugins.casc.misc;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/configuration-as-code-plugin
 * test-harness/src/main/java/io/jenkins/plugins/casc/misc/ConfiguredWithCode.java
 * ('@Target({METHOD, FIELD}) @Retention(RUNTIME) public @interface ConfiguredWithCode' with
 * {@code String[] value()}, the yaml resources applied before the test). Its elements expected()
 * and message() are omitted (expected() defaults to JUnit 4's Test.None, which the offline build
 * does not have, and the ITests use neither).
 */
@Target({ElementType.METHOD, ElementType.FIELD})
@Retention(RetentionPolicy.RUNTIME)
public @interface ConfiguredWithCode {
    String[] value();
}
