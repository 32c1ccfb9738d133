package io.jenkins.plugins.zfsreplication.zfs;

import java.util.Objects;

/**
 * What a {@code zfs hold} or {@code zfs release} did to one snapshot of a batch ({@link Zfs#hold(String,
 * java.util.List)}): zfs takes a batch's snapshots one after another and fails or succeeds for each.
 *
 * @param outcome what changed
 * @param message zfs's words for this snapshot when it failed (with the {@code zfs allow} advice where
 *                a permission was refused); empty otherwise
 */
public record HoldChange(Outcome outcome, String message) {
    /** Placed or released; nothing changed (the tag was there already, or was not there); refused. */
    public enum Outcome { CHANGED, UNCHANGED, FAILED }

    public HoldChange {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(message, "message");
    }

    static HoldChange changed() {
        return new HoldChange(Outcome.CHANGED, "");
    }

    static HoldChange unchanged() {
        return new HoldChange(Outcome.UNCHANGED, "");
    }

    static HoldChange failed(String message) {
        return new HoldChange(Outcome.FAILED, message);
    }
}
