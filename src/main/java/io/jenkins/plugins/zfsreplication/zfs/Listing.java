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
 */
public final class Listing {
    private static final Comparator<ZfsObject> BY_CREATETXG =
            Comparator.comparingLong(ZfsObject::createtxg).thenComparing(ZfsObject::name);

    private final String host;
    private final List<ZfsObject> objects;
    private final Map<String, ZfsObject> byName;
    private final List<ZfsObject> datasets;
    private final Map<String, List<ZfsObject>> snapshotsByDataset;

    public Listing(String host, List<ZfsObject> objects) {
        this.host = host;
        this.objects = List.copyOf(objects);
        // datasets and bookmarks by name; snapshots are found through their dataset's list, which
        // keeps a million-entry hash table (and its cache misses) out of planning
        this.byName = new HashMap<>();
        List<ZfsObject> datasetList = new ArrayList<>();
        Map<String, List<ZfsObject>> snapshots = new HashMap<>();
        String lastDataset = null;
        List<ZfsObject> lastSnapshots = null;
        for (ZfsObject object : objects) {
            if (!object.isSnapshot() && byName.putIfAbsent(object.name(), object) != null) {
                throw twice(host, object);
            }
            if (object.isDataset()) {
                datasetList.add(object);
            } else if (object.isSnapshot()) {
                // zfs prints a dataset's snapshots one after another: skip the lookup while that holds
                String name = object.name();
                if (lastDataset == null || name.length() <= lastDataset.length() || name.charAt(lastDataset.length()) != '@'
                        || !name.startsWith(lastDataset)) {
                    lastDataset = object.datasetName();
                    lastSnapshots = snapshots.computeIfAbsent(lastDataset, d -> new ArrayList<>());
                }
                lastSnapshots.add(object);
            }
        }
        datasetList.sort(Comparator.comparing(ZfsObject::name));
        for (List<ZfsObject> list : snapshots.values()) {
            list.sort(BY_CREATETXG);
            // a snapshot listed twice has the same createtxg twice: the two end up side by side
            for (int i = 1; i < list.size(); i++) {
                if (list.get(i).name().equals(list.get(i - 1).name())) {
                    throw twice(host, list.get(i));
                }
            }
        }
        snapshots.replaceAll((dataset, list) -> List.copyOf(list));
        this.datasets = List.copyOf(datasetList);
        this.snapshotsByDataset = Map.copyOf(snapshots);
    }

    public String host() {
        return host;
    }

    /** Every object in the order zfs printed them. */
    public List<ZfsObject> objects() {
        return objects;
    }

    /** Filesystems and volumes, sorted by name (parents before children). */
    public List<ZfsObject> datasets() {
        return datasets;
    }

    /** A dataset's snapshots, oldest first (by createtxg: creation times have one-second resolution). */
    public List<ZfsObject> snapshotsOf(String dataset) {
        return snapshotsByDataset.getOrDefault(dataset, List.of());
    }

    public Optional<ZfsObject> find(String name) {
        int at = name.indexOf('@');
        if (at < 0) {
            return Optional.ofNullable(byName.get(name));
        }
        return snapshotsOf(name.substring(0, at)).stream().filter(s -> s.name().equals(name)).findFirst();
    }

    private static ZfsException twice(String host, ZfsObject object) {
        return new ZfsException("The zfs listing of %s names '%s' twice", host, object.name());
    }

    public int size() {
        return objects.size();
    }
}
