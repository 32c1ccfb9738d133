package io.jenkins.plugins.zfsreplication.plan;

import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * Which source datasets a run replicates. A dataset is selected when it lies under a root (only
 * the root itself unless {@code recursive}), matches an include pattern (any, when none is
 * given), matches no exclude pattern, and its {@value #PROPERTY} property is not {@code off}
 * (with {@code propertyRequired}, it must be {@code on}). The property is read as ZFS reports it,
 * inherited values included, so {@code zfs set zfs-replication:backup=off tank/scratch} excludes
 * the whole subtree.
 *
 * <p>Patterns are {@link DatasetPattern globs over the full dataset name}.
 */
public record Selection(List<DatasetName> roots, boolean recursive, List<String> includes, List<String> excludes,
                        boolean propertyRequired) {
    public static final String PROPERTY = "zfs-replication:backup";

    public Selection {
        roots = List.copyOf(roots);
        includes = List.copyOf(includes);
        excludes = List.copyOf(excludes);
        if (roots.isEmpty()) {
            throw new PlanException("No source dataset given: name at least one root");
        }
        includes.forEach(DatasetPattern::of);
        excludes.forEach(DatasetPattern::of);
    }

    public static Selection of(List<DatasetName> roots, boolean recursive) {
        return new Selection(roots, recursive, List.of(), List.of(), false);
    }

    /** The root {@code dataset} lies under (the deepest, where roots nest), or null. */
    public DatasetName rootOf(DatasetName dataset) {
        DatasetName best = null;
        for (DatasetName root : roots) {
            boolean under = recursive ? dataset.isSelfOrDescendantOf(root) : dataset.equals(root);
            if (under && (best == null || root.name().length() > best.name().length())) {
                best = root;
            }
        }
        return best;
    }

    /** Why {@code dataset} is not selected, or null when it is. */
    public String exclusionReason(ZfsObject dataset) {
        String name = dataset.name();
        java.util.Optional<String> refusal = DatasetName.refusal(name);
        if (refusal.isPresent()) {
            return refusal.get() + "; not replicated (rename it to replicate it)";
        }
        if (rootOf(DatasetName.of(name)) == null) {
            return "not under a selected root";
        }
        if (!includes.isEmpty() && includes.stream().noneMatch(glob -> matches(glob, name))) {
            return "matches no include pattern " + includes;
        }
        for (String glob : excludes) {
            if (matches(glob, name)) {
                return "matches the exclude pattern '" + glob + "'";
            }
        }
        String value = dataset.property(PROPERTY).orElse(null);
        if (value != null && !value.equals("on") && !value.equals("off")) {
            return PROPERTY + " is '" + value + "', neither on nor off: set it to on or off";
        }
        if ("off".equals(value) || (propertyRequired && value == null)) {
            return PROPERTY + "=" + (value == null ? "(unset)" : value);
        }
        return null;
    }

    static boolean matches(String glob, String name) {
        return DatasetPattern.of(glob).matches(name);
    }
}
