package org.jenkinsci.plugins.structs.describable;

import java.util.Map;

import edu.umd.cs.findbugs.annotations.NonNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/structs-plugin
 * src/main/java/org/jenkinsci/plugins/structs/describable/CustomDescribableModel.java ('public
 * interface CustomDescribableModel' implemented on a Descriptor; {@code default @NonNull Map<String,
 * Object> customInstantiate(@NonNull Map<String, Object> arguments)}, called by
 * DescribableModel.instantiate with the arguments made immutable). customUninstantiate and the static
 * of(Class) are omitted: the plugin overrides customInstantiate only.
 */
public interface CustomDescribableModel {
    default @NonNull Map<String, Object> customInstantiate(@NonNull Map<String, Object> arguments) {
        return arguments;
    }
}
