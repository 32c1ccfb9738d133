package io.jenkins.plugins.zfsreplication.zfs;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A validated name of a filesystem or volume, such as {@code tank/backup/home}. Constructing one
 * is the check: no invalid name reaches a command.
 */
public record DatasetName(String name) implements Comparable<DatasetName> {

    public DatasetName {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new InvalidNameException(name, "the name is empty");
        }
        ZfsNames.checkLength(name);
        if (name.indexOf('@') >= 0 || name.indexOf('#') >= 0) {
            throw new InvalidNameException(name, "a dataset name has no '@' or '#' (that is a snapshot or bookmark)");
        }
        String[] components = name.split("/", -1);
        ZfsNames.checkPool(name, components[0]);
        int offset = components[0].length() + 1;
        for (int i = 1; i < components.length; i++) {
            ZfsNames.checkComponent(name, components[i], offset, "dataset name component");
            offset += components[i].length() + 1;
        }
    }

    public static DatasetName of(String name) {
        return new DatasetName(name);
    }

    /**
     * Why {@code name} (as a listing shows it) is not accepted as a dataset name, or empty when it
     * is. ZFS allows names this tool refuses (spaces): such a dataset is listed, shown and skipped
     * with this reason, never passed to a command.
     */
    public static Optional<String> refusal(String name) {
        try {
            new DatasetName(name);
            return Optional.empty();
        } catch (InvalidNameException e) {
            return Optional.of(e.getMessage());
        }
    }

    public String pool() {
        int slash = name.indexOf('/');
        return slash < 0 ? name : name.substring(0, slash);
    }

    /** True when this dataset is {@code other} or lies below it. */
    public boolean isSelfOrDescendantOf(DatasetName other) {
        return name.equals(other.name) || name.startsWith(other.name + "/");
    }

    /** This dataset's path relative to {@code ancestor}: "" for the ancestor itself. */
    public String relativeTo(DatasetName ancestor) {
        if (!isSelfOrDescendantOf(ancestor)) {
            throw new ZfsException("%s does not lie below %s", name, ancestor.name);
        }
        return name.length() == ancestor.name.length() ? "" : name.substring(ancestor.name.length() + 1);
    }

    /** {@code relative} appended below this dataset; "" gives this dataset. */
    public DatasetName resolve(String relative) {
        return relative.isEmpty() ? this : new DatasetName(name + "/" + relative);
    }

    public SnapshotName snapshot(String snapshot) {
        return new SnapshotName(this, snapshot);
    }

    /** The datasets of {@code datasets} that have no ancestor among them, in their order: listing these recursively covers all. */
    public static List<DatasetName> tops(Collection<DatasetName> datasets) {
        Set<String> names = new HashSet<>();
        datasets.forEach(d -> names.add(d.name()));
        List<DatasetName> tops = new ArrayList<>();
        for (DatasetName dataset : datasets) {
            String name = dataset.name();
            boolean covered = false;
            for (int slash = name.lastIndexOf('/'); slash > 0 && !covered; slash = name.lastIndexOf('/', slash - 1)) {
                covered = names.contains(name.substring(0, slash));
            }
            if (!covered && !tops.contains(dataset)) {
                tops.add(dataset);
            }
        }
        return tops;
    }

    /** The deepest dataset every one of {@code datasets} lies under (or is); empty when they are in different pools or none is given. */
    public static Optional<DatasetName> commonAncestor(Collection<DatasetName> datasets) {
        if (datasets.isEmpty()) {
            return Optional.empty();
        }
        String common = datasets.iterator().next().name();
        for (DatasetName dataset : datasets) {
            while (!dataset.isSelfOrDescendantOf(DatasetName.of(common))) {
                int slash = common.lastIndexOf('/');
                if (slash < 0) {
                    return Optional.empty();
                }
                common = common.substring(0, slash);
            }
        }
        return Optional.of(DatasetName.of(common));
    }

    @Override
    public int compareTo(DatasetName other) {
        return name.compareTo(other.name);
    }

    @Override
    public String toString() {
        return name;
    }
}
