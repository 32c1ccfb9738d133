package io.jenkins.plugins.casc;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/configuration-as-code-plugin
 * plugin/src/main/java/io/jenkins/plugins/casc/ConfiguratorRegistry.java ('public interface
 * ConfiguratorRegistry' with {@code static ConfiguratorRegistry get()}). Its lookup methods
 * (lookupRootElement, lookup, lookupOrFail) are omitted: the ITests only pass the registry on.
 */
public interface ConfiguratorRegistry {
    static ConfiguratorRegistry get() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
