package io.jenkins.plugins.zfsreplication.zfs;

import java.util.Objects;

/** A validated snapshot name, {@code dataset@snapshot}. */
public record SnapshotName(DatasetName dataset, String snapshot) {

    public SnapshotName {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(snapshot, "snapshot");
        String full = dataset.name() + "@" + snapshot;
        ZfsNames.checkLength(full);
        ZfsNames.checkComponent(full, snapshot, dataset.name().length() + 1, "snapshot name");
    }

    /** Parses {@code pool/fs@snap}; anything else is an {@link InvalidNameException}. */
    public static SnapshotName parse(String full) {
        int at = full.indexOf('@');
        if (at < 0) {
            throw new InvalidNameException(full, "a snapshot name needs '@' between dataset and snapshot");
        }
        if (full.indexOf('@', at + 1) >= 0) {
            throw new InvalidNameException(full, "more than one '@'");
        }
        return new SnapshotName(new DatasetName(full.substring(0, at)), full.substring(at + 1));
    }

    /** Why {@code full} (dataset@snapshot, as a listing shows it) is not accepted, or empty when it is. */
    public static java.util.Optional<String> refusal(String full) {
        try {
            parse(full);
            return java.util.Optional.empty();
        } catch (InvalidNameException e) {
            return java.util.Optional.of(e.getMessage());
        }
    }

    /**
     * Why snapshot {@code snapshot} (after '@', as a listing shows it) of {@code dataset} is not
     * accepted, or empty when it is: checked per snapshot of big listings, so without building a name.
     */
    public static java.util.Optional<String> refusal(DatasetName dataset, String snapshot) {
        for (int i = 0; i < snapshot.length(); i++) {
            char c = snapshot.charAt(i);
            boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
                    || c == '_' || c == '.' || c == ':';
            if (!plain) {
                return refusal(dataset.name() + "@" + snapshot);
            }
        }
        return snapshot.isEmpty() || snapshot.equals(".") || snapshot.equals("..") ? refusal(dataset.name() + "@" + snapshot)
                : java.util.Optional.empty();
    }

    @Override
    public String toString() {
        return dataset.name() + "@" + snapshot;
    }
}
