package io.jenkins.plugins.zfsreplication.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * One host's ZFS as the simulation keeps it in memory: pools, datasets, snapshots, bookmarks,
 * holds, GUIDs, transaction groups, user properties (local and received), encryption and the
 * partial state of an interrupted resumable receive. {@link SimZfsCommands} answers the zfs argument
 * vectors of the engine from it; the engine's own parsing reads what it prints.
 */
final class SimHost {
    /** A snapshot or bookmark. */
    static final class Snap {
        final String name;
        final long guid;
        final long txg;
        final long creation;
        final long referenced;
        final boolean encrypted;
        final Set<String> holds = new HashSet<>();

        Snap(String name, long guid, long txg, long creation, long referenced, boolean encrypted) {
            this.name = name;
            this.guid = guid;
            this.txg = txg;
            this.creation = creation;
            this.referenced = referenced;
            this.encrypted = encrypted;
        }

        Snap copy(String newName, long newTxg) {
            return new Snap(newName, guid, newTxg, creation, referenced, encrypted);
        }
    }

    /** The state an interrupted {@code zfs recv -s} leaves: what it was receiving. */
    record Partial(String token, long fromGuid, long toGuid, String toName, boolean raw) {
    }

    static final class Dataset {
        String name; // zfs rename changes it
        /** The snapshot this dataset is a clone of (zfs's origin), or null; the same object wherever promote moves it. */
        Snap origin;
        final long guid;
        final long createtxg;
        final long creation;
        final Map<String, String> local = new TreeMap<>();
        final Map<String, String> received = new TreeMap<>();
        final List<Snap> snapshots = new ArrayList<>();
        final List<Snap> bookmarks = new ArrayList<>();
        String cipher; // null: not encrypted
        String encryptionRoot;
        boolean keyLoaded;
        long referenced;
        Partial partial;

        Dataset(String name, long guid, long createtxg, long creation) {
            this.name = name;
            this.guid = guid;
            this.createtxg = createtxg;
            this.creation = creation;
        }

        Snap snapshot(String shortName) {
            return snapshots.stream().filter(s -> s.name.equals(shortName)).findFirst().orElse(null);
        }

        Snap bookmark(String shortName) {
            return bookmarks.stream().filter(s -> s.name.equals(shortName)).findFirst().orElse(null);
        }

        Snap newest() {
            return snapshots.isEmpty() ? null : snapshots.get(snapshots.size() - 1);
        }

        /** Data was written since the newest snapshot: the next incremental needs a rollback. */
        boolean modified() {
            Snap newest = newest();
            return newest != null && newest.referenced != referenced;
        }
    }

    /** A destroy as the simulation records it: which command, of what. */
    record Destroyed(String host, String object, long guid, String how) {
    }

    final String name;
    final boolean old; // zfs-fuse-like: no bookmarks, resume tokens, parsable lists, raw sends, batch destroy
    final Map<String, Dataset> datasets = new TreeMap<>();
    final Set<String> exportedPools = new HashSet<>();
    final Map<String, Map<String, Dataset>> exported = new HashMap<>();
    final List<Destroyed> destroyed = new ArrayList<>();
    /** Destroys zfs refused because the snapshot had a clone: the engine should have known from the origins. */
    final List<String> refusedForClones = new ArrayList<>();
    final Map<String, Partial> tokens = new LinkedHashMap<>();
    private final Random random;
    private final Supplier<Instant> clock;
    private long txg = 100;

    SimHost(String name, boolean old, Random random, Supplier<Instant> clock) {
        this.name = name;
        this.old = old;
        this.random = random;
        this.clock = clock;
    }

    long nextTxg() {
        return ++txg;
    }

    long newGuid() {
        long guid;
        do {
            guid = random.nextLong();
        } while (guid == 0);
        return guid;
    }

    long now() {
        return clock.get().getEpochSecond();
    }

    Dataset dataset(String name) {
        return datasets.get(name);
    }

    Dataset create(String name) {
        Dataset dataset = new Dataset(name, newGuid(), nextTxg(), now());
        datasets.put(name, dataset);
        return dataset;
    }

    boolean poolExists(String pool) {
        return datasets.containsKey(pool);
    }

    /** {@code zpool export}: the pool's datasets are no longer listed; {@link #importPool} brings them back. */
    void exportPool(String pool) {
        Map<String, Dataset> gone = new TreeMap<>();
        datasets.entrySet().removeIf(entry -> {
            if (inPool(entry.getKey(), pool)) {
                gone.put(entry.getKey(), entry.getValue());
                return true;
            }
            return false;
        });
        if (!gone.isEmpty()) {
            exported.put(pool, gone);
        }
    }

    void importPool(String pool) {
        Map<String, Dataset> back = exported.remove(pool);
        if (back != null) {
            datasets.putAll(back);
        }
    }

    static boolean inPool(String dataset, String pool) {
        return dataset.equals(pool) || dataset.startsWith(pool + "/");
    }

    Snap snapshot(Dataset dataset, String shortName) {
        Snap snap = new Snap(shortName, newGuid(), nextTxg(), now(), dataset.referenced, dataset.cipher != null);
        dataset.snapshots.add(snap);
        return snap;
    }

    /** Writes data: the dataset references more than its newest snapshot. */
    void write(Dataset dataset, long bytes) {
        dataset.referenced += bytes;
    }

    /** The value of a user property as zfs resolves it: local, else received, else inherited. */
    String property(String dataset, String property) {
        for (String at = dataset; at != null; at = parent(at)) {
            Dataset d = datasets.get(at);
            if (d == null) {
                continue;
            }
            if (d.local.containsKey(property)) {
                return d.local.get(property);
            }
            if (d.received.containsKey(property)) {
                return d.received.get(property);
            }
        }
        return null;
    }

    /** "local", "received", "inherited from X" or null (unset). */
    String source(String dataset, String property) {
        Dataset own = datasets.get(dataset);
        if (own != null && own.local.containsKey(property)) {
            return "local";
        }
        if (own != null && own.received.containsKey(property)) {
            return "received";
        }
        for (String at = parent(dataset); at != null; at = parent(at)) {
            Dataset d = datasets.get(at);
            if (d != null && (d.local.containsKey(property) || d.received.containsKey(property))) {
                return "inherited from " + at;
            }
        }
        return null;
    }

    static String parent(String dataset) {
        int slash = dataset.lastIndexOf('/');
        return slash < 0 ? null : dataset.substring(0, slash);
    }

    /** The dataset that holds {@code snap} now (promote moves snapshots between datasets), or null. */
    Dataset owner(Snap snap) {
        return datasets.values().stream().filter(d -> d.snapshots.contains(snap)).findFirst().orElse(null);
    }

    /** The datasets (of this host, imported) that are clones of {@code snap}. */
    List<Dataset> clonesOf(Snap snap) {
        return datasets.values().stream().filter(d -> d.origin == snap).toList();
    }

    void recordDestroy(String object, long guid, String how) {
        destroyed.add(new Destroyed(name, object, guid, how));
    }
}
