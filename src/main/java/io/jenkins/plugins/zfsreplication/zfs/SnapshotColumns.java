package io.jenkins.plugins.zfsreplication.zfs;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;

/**
 * The growing columns of one dataset's snapshots while a listing is read; {@link #build} sorts
 * them into a {@link SnapshotTable}, which takes the arrays over: nothing is added after that.
 * Not thread-safe: each parsing thread fills its own.
 */
final class SnapshotColumns {
    final String dataset;
    final byte[] datasetBytes;
    int size;
    // room for 64 snapshots at first: fewer copies while a dataset of thousands grows
    long[] guids = new long[64];
    long[] createtxgs = new long[64];
    long[] creations = new long[64];
    long[] used = new long[64];
    long[] referenced = new long[64];
    byte[] names = new byte[64 * 24];
    int[] nameStarts = new int[65];
    @SuppressWarnings("unchecked")
    Map<String, String>[] properties = new Map[64];

    SnapshotColumns(String dataset) {
        this.dataset = dataset;
        this.datasetBytes = dataset.getBytes(StandardCharsets.UTF_8);
    }

    /** True when bytes [start, end) are this dataset's name. */
    boolean isDataset(byte[] bytes, int start, int end) {
        return Arrays.equals(bytes, start, end, datasetBytes, 0, datasetBytes.length);
    }

    /** A snapshot's numbers as the listing gives them. */
    record Numbers(long guid, long createtxg, long creation, long used, long referenced) {
    }

    /** Appends a snapshot whose short name is the UTF-8 bytes [start, end) of {@code name}. */
    void add(byte[] name, int start, int end, Numbers numbers, Map<String, String> extras) {
        grow(1, end - start);
        guids[size] = numbers.guid;
        createtxgs[size] = numbers.createtxg;
        creations[size] = numbers.creation;
        used[size] = numbers.used;
        referenced[size] = numbers.referenced;
        properties[size] = extras;
        int nameStart = nameStarts[size];
        System.arraycopy(name, start, names, nameStart, end - start);
        nameStarts[++size] = nameStart + end - start;
    }

    void add(ZfsObject snapshot) {
        byte[] name = snapshot.shortName().getBytes(StandardCharsets.UTF_8);
        add(name, 0, name.length, new Numbers(snapshot.guid(), snapshot.createtxg(), snapshot.creation(),
                snapshot.used(), snapshot.referenced()), snapshot.properties());
    }

    /** Appends the snapshots [from, to) of {@code other}, a part of the same dataset read elsewhere. */
    void addAll(SnapshotColumns other, int from, int to) {
        int count = to - from;
        int nameBytes = other.nameStarts[to] - other.nameStarts[from];
        grow(count, nameBytes);
        System.arraycopy(other.guids, from, guids, size, count);
        System.arraycopy(other.createtxgs, from, createtxgs, size, count);
        System.arraycopy(other.creations, from, creations, size, count);
        System.arraycopy(other.used, from, used, size, count);
        System.arraycopy(other.referenced, from, referenced, size, count);
        System.arraycopy(other.properties, from, properties, size, count);
        int shift = nameStarts[size] - other.nameStarts[from];
        System.arraycopy(other.names, other.nameStarts[from], names, nameStarts[size], nameBytes);
        for (int i = 1; i <= count; i++) {
            nameStarts[size + i] = other.nameStarts[from + i] + shift;
        }
        size += count;
    }

    SnapshotTable build(String host) {
        return SnapshotTable.sorted(this, host);
    }

    /**
     * The permutation that puts the snapshots oldest first (createtxg, then name), null when zfs
     * listed them so (it does); a snapshot listed twice has the same createtxg twice and ends up
     * next to itself, which is an error.
     */
    int[] order(String host) {
        boolean sorted = true;
        for (int i = 1; i < size && sorted; i++) {
            sorted = compare(i - 1, i) < 0;
        }
        int[] order = null;
        if (!sorted) {
            Integer[] boxed = new Integer[size];
            Arrays.setAll(boxed, i -> i);
            Arrays.sort(boxed, Comparator.comparingLong((Integer i) -> createtxgs[i]).thenComparing(this::name));
            order = Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();
        }
        for (int i = 1; i < size; i++) {
            int previous = order == null ? i - 1 : order[i - 1];
            int current = order == null ? i : order[i];
            if (compare(previous, current) == 0) {
                throw new ZfsException("The zfs listing of %s names '%s@%s' twice", host, dataset, name(current));
            }
        }
        return order;
    }

    private int compare(int a, int b) {
        int byTxg = Long.compare(createtxgs[a], createtxgs[b]);
        return byTxg != 0 ? byTxg : name(a).compareTo(name(b));
    }

    private String name(int position) {
        return new String(names, nameStarts[position], nameStarts[position + 1] - nameStarts[position],
                StandardCharsets.UTF_8);
    }

    private void grow(int count, int nameBytes) {
        if (size + count > guids.length) {
            int capacity = Math.max(size + count, guids.length * 2);
            guids = Arrays.copyOf(guids, capacity);
            createtxgs = Arrays.copyOf(createtxgs, capacity);
            creations = Arrays.copyOf(creations, capacity);
            used = Arrays.copyOf(used, capacity);
            referenced = Arrays.copyOf(referenced, capacity);
            properties = Arrays.copyOf(properties, capacity);
            nameStarts = Arrays.copyOf(nameStarts, capacity + 1);
        }
        if (nameStarts[size] + nameBytes > names.length) {
            names = Arrays.copyOf(names, Math.max(nameStarts[size] + nameBytes, names.length * 2));
        }
    }
}
