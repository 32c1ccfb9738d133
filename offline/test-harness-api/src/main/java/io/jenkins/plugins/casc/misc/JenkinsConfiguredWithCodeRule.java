package io.jenkins.plugins.casc.misc;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/configuration-as-code-plugin
 * test-harness/src/main/java/io/jenkins/plugins/casc/misc/JenkinsConfiguredWithCodeRule.java
 * ('public class JenkinsConfiguredWithCodeRule extends JenkinsConfiguredRule'; its before() applies
 * the {@link ConfiguredWithCode} resources). No member is declared: the ITests receive it as a
 * parameter and use what it inherits from JenkinsRule.
 */
public class JenkinsConfiguredWithCodeRule extends JenkinsConfiguredRule {
}
