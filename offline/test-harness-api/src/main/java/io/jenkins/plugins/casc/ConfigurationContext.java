package io.jenkins.plugins.casc;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/configuration-as-code-plugin
 * plugin/src/main/java/io/jenkins/plugins/casc/ConfigurationContext.java ('public class
 * ConfigurationContext implements ConfiguratorRegistry'; {@code public
 * ConfigurationContext(ConfiguratorRegistry registry)}). Only the constructor is declared.
 */
public class ConfigurationContext implements ConfiguratorRegistry {
    public ConfigurationContext(ConfiguratorRegistry registry) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
