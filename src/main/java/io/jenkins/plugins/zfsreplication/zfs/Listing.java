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
        this.byName = new HashMap<>(objects.size() * 2);
        List<ZfsObject> datasetList = new ArrayList<>();
        Map<String, List<ZfsObject>> snapshots = new HashMap<>();
        for (ZfsObject object : objects) {
            if (byName.putIfAbsent(object.name(), object) != null) {
                throw new ZfsException("The zfs listing of %s names '%s' twice", host, object.name());
            }
            if (object.isDataset()) {
                datasetList.add(object);
            } else if (object.isSnapshot()) {
                snapshots.computeIfAbsent(object.datasetName(), d -> new ArrayList<>()).add(object);
            }
        }
        datasetList.sort(Comparator.comparing(ZfsObject::name));
        snapshots.values().forEach(list -> list.sort(BY_CREATETXG));
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
        return Optional.ofNullable(byName.get(name));
    }

    public int size() {
        return objects.size();
    }
}
