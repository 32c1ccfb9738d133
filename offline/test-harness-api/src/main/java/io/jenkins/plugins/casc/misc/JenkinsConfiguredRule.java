package io.jenkins.plugins.casc.misc;

import org.jvnet.hudson.test.JenkinsRule;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/configuration-as-code-plugin
 * test-harness/src/main/java/io/jenkins/plugins/casc/misc/JenkinsConfiguredRule.java ('public class
 * JenkinsConfiguredRule extends JenkinsRule'). Placeholder for the supertype of
 * JenkinsConfiguredWithCodeRule; exportToString(boolean) is omitted.
 */
public class JenkinsConfiguredRule extends JenkinsRule {
}
