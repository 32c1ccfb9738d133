package io.jenkins.plugins.zfsreplication.zfs;

import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * The snapshots of one dataset as columns: numbers in primitive arrays, short names packed in one
 * UTF-8 byte array, property maps shared by snapshots with the same values. Ten million listed
 * snapshots are then a few arrays per dataset instead of forty million small objects, which the
 * collector had to trace again and again (docs/benchmarks.md, "Plan and prune"). Index 0 is the
 * oldest snapshot (by createtxg, then name); {@link #get} makes the {@link ZfsObject} on demand.
 */
public final class SnapshotTable {
    private final String dataset;
    private final int size;
    private final long[] guids;
    private final long[] createtxgs;
    private final long[] creations;
    private final long[] used;
    private final long[] referenced;
    private final byte[] names;
    private final int[] nameStarts;
    private final Map<String, String>[] properties;
    /** Index (oldest first) to the position as listed; null when zfs listed them oldest first. */
    private final int[] order;

    private SnapshotTable(SnapshotColumns columns, int[] order) {
        this.dataset = columns.dataset;
        this.size = columns.size;
        // the columns' own arrays, no copies: the columns are not changed after this (a copy of a whole
        // listing, made at its end, was a second gigabyte at 10 million snapshots); their spare capacity
        // is below half, usually a few percent
        this.guids = columns.guids;
        this.createtxgs = columns.createtxgs;
        this.creations = columns.creations;
        this.used = columns.used;
        this.referenced = columns.referenced;
        this.names = columns.names;
        this.nameStarts = columns.nameStarts;
        this.properties = columns.properties;
        this.order = order;
    }

    /** The columns of {@code snapshots}, all of {@code dataset}, in the order given (index i is {@code snapshots.get(i)}). */
    public static SnapshotTable of(String dataset, List<ZfsObject> snapshots) {
        SnapshotColumns columns = new SnapshotColumns(dataset);
        snapshots.forEach(columns::add);
        return new SnapshotTable(columns, null);
    }

    static SnapshotTable sorted(SnapshotColumns columns, String host) {
        return new SnapshotTable(columns, columns.order(host));
    }

    public String dataset() {
        return dataset;
    }

    public int size() {
        return size;
    }

    public long guid(int index) {
        return guids[at(index)];
    }

    public long createtxg(int index) {
        return createtxgs[at(index)];
    }

    public long creation(int index) {
        return creations[at(index)];
    }

    public long used(int index) {
        return used[at(index)];
    }

    public long referenced(int index) {
        return referenced[at(index)];
    }

    /** The name after '@'. */
    public String shortName(int index) {
        return storedName(at(index));
    }

    /** An extra property's value, null where zfs showed "-" or it was not asked for. */
    public String property(int index, String property) {
        return properties[at(index)].get(property);
    }

    /** The snapshot as a listing object, made on each call. */
    public ZfsObject get(int index) {
        return stored(at(index));
    }

    /** The snapshots oldest first, each made when asked for. */
    public List<ZfsObject> asList() {
        return new View();
    }

    /** The snapshot at {@code position} in the order zfs listed them. */
    ZfsObject stored(int position) {
        return new ZfsObject(dataset + "@" + storedName(position), ObjectType.SNAPSHOT, guids[position],
                createtxgs[position], creations[position], used[position], referenced[position], properties[position]);
    }

    private String storedName(int position) {
        int start = nameStarts[position];
        return new String(names, start, nameStarts[position + 1] - start, StandardCharsets.UTF_8);
    }

    private int at(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("Snapshot " + index + " of " + size + " of " + dataset);
        }
        return order == null ? index : order[index];
    }

    private final class View extends AbstractList<ZfsObject> implements RandomAccess {
        @Override
        public ZfsObject get(int index) {
            return SnapshotTable.this.get(index);
        }

        @Override
        public int size() {
            return size;
        }
    }
}
