package io.jenkins.plugins.zfsreplication.zfs;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects a listing's objects in the order zfs printed them: datasets and bookmarks as objects,
 * snapshots into their dataset's {@link SnapshotColumns}. One per parsed block, then merged in
 * block order into one for the whole listing.
 */
final class ListingAssembler {
    /** An object, or the snapshots [from, to) of one dataset's columns, as printed. */
    record Entry(ZfsObject object, SnapshotColumns columns, int from, int to) {
    }

    private final List<Entry> entries = new ArrayList<>();
    private final Map<String, SnapshotColumns> columnsByDataset = new HashMap<>();
    private SnapshotColumns current;
    private int runStart;
    private int count;

    void object(ZfsObject object) {
        if (object.isSnapshot()) {
            columns(object.datasetName()).add(object);
            return;
        }
        closeRun();
        entries.add(new Entry(object, null, 0, 0));
        count++;
    }

    /**
     * Where '@' is in the snapshot name [start, end) when it names the dataset of the snapshot
     * before (the usual case, found without a search), else -1.
     */
    int snapshotSeparator(byte[] name, int start, int end) {
        if (current == null) {
            return -1;
        }
        int at = start + current.datasetBytes.length;
        return at < end && name[at] == '@' && current.isDataset(name, start, at) ? at : -1;
    }

    /** The columns the next snapshot of {@code dataset} goes to (zfs lists a dataset's snapshots together). */
    SnapshotColumns columns(byte[] name, int start, int end) {
        if (current != null && current.isDataset(name, start, end)) {
            count++;
            return current;
        }
        return columns(new String(name, start, end - start, StandardCharsets.UTF_8));
    }

    private SnapshotColumns columns(String dataset) {
        count++;
        if (current != null && current.dataset.equals(dataset)) {
            return current;
        }
        closeRun();
        current = columnsByDataset.computeIfAbsent(dataset, SnapshotColumns::new);
        runStart = current.size;
        return current;
    }

    /** Appends what {@code block}, the next part of the same listing, collected. */
    void merge(ListingAssembler block) {
        block.closeRun();
        for (Entry entry : block.entries) {
            if (entry.object() != null) {
                object(entry.object());
                continue;
            }
            SnapshotColumns part = entry.columns();
            SnapshotColumns mine = columnsByDataset.get(part.dataset);
            if (mine == null && entry.from() == 0 && entry.to() == part.size) {
                closeRun();
                columnsByDataset.put(part.dataset, part); // the whole run of the block: taken as it is
                current = part;
                runStart = 0;
                count += part.size;
                continue;
            }
            columns(part.dataset);
            count += entry.to() - entry.from() - 1;
            current.addAll(part, entry.from(), entry.to());
        }
    }

    /** The objects so far. */
    int count() {
        return count;
    }

    Listing build(String host) {
        closeRun();
        Map<SnapshotColumns, SnapshotTable> tables = new IdentityHashMap<>();
        Map<String, SnapshotTable> byDataset = new HashMap<>();
        columnsByDataset.forEach((dataset, columns) -> {
            SnapshotTable table = columns.build(host);
            tables.put(columns, table);
            byDataset.put(dataset, table);
        });
        List<Listing.Printed> printed = new ArrayList<>(entries.size());
        for (Entry entry : entries) {
            printed.add(new Listing.Printed(entry.object(), entry.columns() == null ? null : tables.get(entry.columns()),
                    entry.from(), entry.to()));
        }
        return new Listing(host, printed, byDataset, count);
    }

    private void closeRun() {
        if (current != null && current.size > runStart) {
            entries.add(new Entry(null, current, runStart, current.size));
        }
        current = null;
    }
}
