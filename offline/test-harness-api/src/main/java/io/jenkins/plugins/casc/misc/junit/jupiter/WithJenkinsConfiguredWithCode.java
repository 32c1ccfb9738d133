package io.jenkins.plugins.casc.misc.junit.jupiter;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/configuration-as-code-plugin
 * test-harness/src/main/java/io/jenkins/plugins/casc/misc/junit/jupiter/WithJenkinsConfiguredWithCode.java
 * ('@Target({TYPE, METHOD}) @Retention(RUNTIME) @Documented
 * @ExtendWith(JenkinsConfiguredWithCodeExtension.class) public @interface
 * WithJenkinsConfiguredWithCode'). The meta-annotation @ExtendWith is omitted: offline the ITests
 * are only compiled, so nothing must inject a JenkinsConfiguredWithCodeRule.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface WithJenkinsConfiguredWithCode {
}
