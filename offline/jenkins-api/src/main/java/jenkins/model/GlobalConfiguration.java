package jenkins.model;

import hudson.ExtensionPoint;
import hudson.model.Describable;
import hudson.model.Descriptor;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/GlobalConfiguration.java
 * ('abstract class GlobalConfiguration extends Descriptor&lt;GlobalConfiguration&gt; implements
 * ExtensionPoint, Describable&lt;GlobalConfiguration&gt;'; protected no-argument constructor;
 * {@code public final Descriptor<GlobalConfiguration> getDescriptor()}). The constructor is empty
 * (it only runs as super(...) of the plugin's configuration); getGlobalConfigPage, getDisplayName
 * and all() are omitted (the plugin does not call them).
 */
public abstract class GlobalConfiguration extends Descriptor<GlobalConfiguration>
        implements ExtensionPoint, Describable<GlobalConfiguration> {
    protected GlobalConfiguration() {
        // empty: the real constructor passes self() to Descriptor
    }

    public final Descriptor<GlobalConfiguration> getDescriptor() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
