package io.jenkins.plugins.zfsreplication.zfs;

import java.util.Objects;

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

    @Override
    public int compareTo(DatasetName other) {
        return name.compareTo(other.name);
    }

    @Override
    public String toString() {
        return name;
    }
}
