package io.jenkins.plugins.zfsreplication.steps.shared;

import hudson.model.Item;
import hudson.util.FormValidation;
import java.util.Optional;
import java.util.function.Supplier;
import jenkins.model.Jenkins;

/**
 * The answer of every {@code doCheck...} of this plugin: nothing for users who may not configure
 * the item (or, outside an item, administer Jenkins), else the engine's verdict on the value
 * ({@link FieldChecks}). Callers are {@code @POST} methods: a check
 * reachable by GET could be triggered from another site (CSRF).
 */
public final class FormChecks {
    private FormChecks() {
    }

    /** Runs {@code check} only for users who may see its answer. */
    public static FormValidation answer(Item item, Supplier<Optional<String>> check) {
        if (!mayConfigure(item)) {
            return FormValidation.ok();
        }
        return check.get().map(FormValidation::error).orElseGet(FormValidation::ok);
    }

    private static boolean mayConfigure(Item item) {
        return item == null ? Jenkins.get().hasPermission(Jenkins.ADMINISTER) : item.hasPermission(Item.CONFIGURE);
    }
}
