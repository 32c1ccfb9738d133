package io.jenkins.plugins.zfsreplication.plan;

import java.util.List;
import java.util.Objects;

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
 * <p>Every dataset under a root is accounted for ({@link #decide}): selected, excluded by the
 * backup host's choice, or one that needs attention (a property value other than on and off, a
 * name this tool does not accept): never silently left out. Where the source is another host (a
 * pull) its {@code off} is its own say about its own datasets: it excludes only when the backup
 * host trusts it ({@code trustSourceOptOut}), else the dataset is selected and the reason says so.
 *
 * <p>Patterns are {@link DatasetPattern globs over the full dataset name}.
 */
public record Selection(List<DatasetName> roots, boolean recursive, List<String> includes, List<String> excludes,
                        boolean propertyRequired, boolean trustSourceOptOut) {
    public static final String PROPERTY = "zfs-replication:backup";
    /** The values {@value #PROPERTY} may have (unset is the third choice). */
    public static final List<String> PROPERTY_VALUES = List.of("on", "off");

    /** How a dataset under the roots is accounted for. */
    public enum Kind {
        /** Replicated (the reason, when not empty, is a note such as an untrusted opt-out ignored). */
        SELECTED,
        /** Not under a root: not this selection's business. */
        OUTSIDE,
        /** Left out by the backup host's own choice: a pattern, the property where it is trusted. */
        EXCLUDED,
        /** Not replicated, and nobody chose that: a person must look (the reason says what to do). */
        ATTENTION
    }

    /** The decision about one dataset and why. */
    public record Decision(Kind kind, String reason) {
        public Decision {
            Objects.requireNonNull(kind, "kind");
            reason = reason == null ? "" : reason;
        }
    }

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

    /** A selection on the source's own host, or one that trusts the source's opt-out. */
    public Selection(List<DatasetName> roots, boolean recursive, List<String> includes, List<String> excludes,
                     boolean propertyRequired) {
        this(roots, recursive, includes, excludes, propertyRequired, true);
    }

    public static Selection of(List<DatasetName> roots, boolean recursive) {
        return new Selection(roots, recursive, List.of(), List.of(), false);
    }

    /** The same selection, with the source's {@code off} trusted or not. */
    public Selection withTrustSourceOptOut(boolean trusted) {
        return new Selection(roots, recursive, includes, excludes, propertyRequired, trusted);
    }

    /** The root {@code dataset} lies under (the deepest, where roots nest), or null. */
    public DatasetName rootOf(DatasetName dataset) {
        return rootOf(dataset.name());
    }

    private DatasetName rootOf(String dataset) {
        DatasetName best = null;
        for (DatasetName root : roots) {
            boolean under = recursive ? dataset.equals(root.name()) || dataset.startsWith(root.name() + "/")
                    : dataset.equals(root.name());
            if (under && (best == null || root.name().length() > best.name().length())) {
                best = root;
            }
        }
        return best;
    }

    /** Why {@code dataset} is not replicated, or null when it is. */
    public String exclusionReason(ZfsObject dataset) {
        Decision decision = decide(dataset);
        return decision.kind() == Kind.SELECTED ? null : decision.reason();
    }

    /** How {@code dataset}, as the source's listing shows it, is accounted for. */
    public Decision decide(ZfsObject dataset) {
        String name = dataset.name();
        if (rootOf(name) == null) {
            return new Decision(Kind.OUTSIDE, "not under a selected root");
        }
        if (!includes.isEmpty() && includes.stream().noneMatch(glob -> matches(glob, name))) {
            return new Decision(Kind.EXCLUDED, "matches no include pattern " + includes);
        }
        for (String glob : excludes) {
            if (matches(glob, name)) {
                return new Decision(Kind.EXCLUDED, "matches the exclude pattern '" + glob + "'");
            }
        }
        String value = dataset.property(PROPERTY).orElse(null);
        if (value != null && !PROPERTY_VALUES.contains(value)) {
            // a typo (yes, true, On) must not decide either way: it is the owner's to correct
            return new Decision(Kind.ATTENTION, String.format("%s is '%s', not an allowed value (%s, or unset): not"
                    + " sent until it is one of them", PROPERTY, value,
                    String.join(", ", PROPERTY_VALUES)));
        }
        java.util.Optional<String> refusal = DatasetName.refusal(name);
        boolean optOut = "off".equals(value) || (propertyRequired && value == null);
        if (optOut && (trustSourceOptOut || value == null || propertyRequired)) {
            // with propertyRequired the source opts in anyway: its off is what an unset would say
            return new Decision(Kind.EXCLUDED, PROPERTY + "=" + (value == null ? "(unset)" : value));
        }
        if (refusal.isPresent()) {
            return new Decision(Kind.ATTENTION, refusal.get() + "; not replicated (rename it to replicate it)");
        }
        if (optOut) {
            return new Decision(Kind.SELECTED, PROPERTY + "=off on the source is not trusted in a pull (the backup"
                    + " host decides: exclude it here, or trust the source's opt-out): replicated");
        }
        return new Decision(Kind.SELECTED, "");
    }

    static boolean matches(String glob, String name) {
        return DatasetPattern.of(glob).matches(name);
    }
}
