package io.jenkins.plugins.zfsreplication.prune;

/**
 * A destroy that would break one of the invariants of {@link DestroyGuard}: the whole prune is
 * refused before anything is destroyed (exit status 2, a failed build), in one line naming the
 * invariant and the snapshot.
 */
public final class UnsafeDestroyException extends PruneException {
    private static final long serialVersionUID = 1L;

    UnsafeDestroyException(String invariant, String what, String detail) {
        super("Prune refused, it would break '%s': %s %s. Nothing was destroyed", invariant, what, detail);
    }
}
