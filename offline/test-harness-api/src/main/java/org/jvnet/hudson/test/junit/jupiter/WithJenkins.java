package org.jvnet.hudson.test.junit.jupiter;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins-test-harness
 * src/main/java/org/jvnet/hudson/test/junit/jupiter/WithJenkins.java ('@Target({TYPE, METHOD})
 * @Retention(RUNTIME) @Documented @ExtendWith(JenkinsExtension.class) @interface WithJenkins').
 * The meta-annotation @ExtendWith(JenkinsExtension.class) is omitted: offline the ITests are only
 * compiled, so nothing must inject a JenkinsRule.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface WithJenkins {
}
