package io.jenkins.plugins.zfsreplication.zfs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one host holds under the listed roots, from one zfs call. Indexed once, so that
 * planning asks it questions in O(1) or O(log n) instead of calling zfs again per dataset.
 * Snapshots are kept per dataset as columns ({@link SnapshotTable}): the memory of ten million
 * snapshots is then a few arrays per dataset, not objects the collector traces one by one.
 */
public final class Listing {
    /** What zfs printed, in order: an object, or the snapshots [from, to) of a table as listed. */
    record Printed(ZfsObject object, SnapshotTable table, int from, int to) {
    }

    private final String host;
    private final List<Printed> printed;
    private final int size;
    private final Map<String, ZfsObject> byName = new HashMap<>();
    private final List<ZfsObject> datasets;
    private final Map<String, SnapshotTable> tables;
    private final Map<String, List<ZfsObject>> bookmarks = new HashMap<>();

    public Listing(String host, List<ZfsObject> objects) {
        this(assemble(host, objects));
    }

    private Listing(Listing assembled) {
        this(assembled.host, assembled.printed, assembled.tables, assembled.size);
    }

    Listing(String host, List<Printed> printed, Map<String, SnapshotTable> tables, int size) {
        this.host = host;
        this.printed = List.copyOf(printed);
        this.tables = Map.copyOf(tables);
        this.size = size;
        List<ZfsObject> datasetList = new ArrayList<>();
        for (Printed entry : printed) {
            ZfsObject object = entry.object();
            if (object == null) {
                continue;
            }
            if (byName.putIfAbsent(object.name(), object) != null) {
                throw new ZfsException("The zfs listing of %s names '%s' twice", host, object.name());
            }
            if (object.isDataset()) {
                datasetList.add(object);
            } else if (object.type() == ObjectType.BOOKMARK) {
                bookmarks.computeIfAbsent(object.datasetName(), d -> new ArrayList<>()).add(object);
            }
        }
        datasetList.sort(Comparator.comparing(ZfsObject::name));
        this.datasets = List.copyOf(datasetList);
    }

    private static Listing assemble(String host, List<ZfsObject> objects) {
        ListingAssembler assembler = new ListingAssembler();
        objects.forEach(assembler::object);
        return assembler.build(host);
    }

    public String host() {
        return host;
    }

    /** Every object in the order zfs printed them (made anew on each call: snapshots are kept as columns). */
    public List<ZfsObject> objects() {
        List<ZfsObject> objects = new ArrayList<>(size);
        for (Printed entry : printed) {
            if (entry.object() != null) {
                objects.add(entry.object());
            } else {
                for (int i = entry.from(); i < entry.to(); i++) {
                    objects.add(entry.table().stored(i));
                }
            }
        }
        return objects;
    }

    /** Filesystems and volumes, sorted by name (parents before children). */
    public List<ZfsObject> datasets() {
        return datasets;
    }

    /** A dataset's snapshots, oldest first (by createtxg: creation times have one-second resolution). */
    public List<ZfsObject> snapshotsOf(String dataset) {
        return snapshotTable(dataset).asList();
    }

    /** The same as columns: what planning reads, without making an object per snapshot. */
    public SnapshotTable snapshotTable(String dataset) {
        SnapshotTable table = tables.get(dataset);
        return table != null ? table : SnapshotTable.of(dataset, List.of());
    }

    /**
     * A dataset's bookmarks, oldest first (by createtxg); empty where zfs has none (zfs-fuse) or
     * the listing was not of every type.
     */
    public List<ZfsObject> bookmarksOf(String dataset) {
        List<ZfsObject> found = bookmarks.get(dataset);
        if (found == null) {
            return List.of();
        }
        return found.stream().sorted(Comparator.comparingLong(ZfsObject::createtxg).thenComparing(ZfsObject::name))
                .toList();
    }

    public Optional<ZfsObject> find(String name) {
        int at = name.indexOf('@');
        if (at < 0) {
            return Optional.ofNullable(byName.get(name));
        }
        SnapshotTable table = snapshotTable(name.substring(0, at));
        String shortName = name.substring(at + 1);
        for (int i = 0; i < table.size(); i++) {
            if (table.shortName(i).equals(shortName)) {
                return Optional.of(table.get(i));
            }
        }
        return Optional.empty();
    }

    public int size() {
        return size;
    }
}
