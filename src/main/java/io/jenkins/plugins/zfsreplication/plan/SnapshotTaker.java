package io.jenkins.plugins.zfsreplication.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * Takes the run's snapshot of every selected dataset in one atomic {@code zfs snapshot}: with
 * {@code -r} on the tops of wholly selected subtrees when that covers exactly the selection,
 * else naming every dataset. The call is split only where its arguments would pass
 * {@link Zfs#MAX_ARGUMENT_BYTES}; each part is then atomic on its own.
 */
final class SnapshotTaker {
    private SnapshotTaker() {
    }

    /** @return the zfs snapshot calls made, each a list of snapshot arguments */
    static List<List<SnapshotName>> take(Zfs zfs, Listing listing, Selection selection, List<DatasetName> selected,
                                         String name) {
        // a listing that is not recursive does not show the children -r would also snapshot
        List<DatasetName> tops = selection.recursive() ? subtreeTops(listing, selected) : null;
        boolean recursive = tops != null;
        List<DatasetName> arguments = recursive ? tops : selected;
        List<List<SnapshotName>> calls = split(arguments.stream().map(d -> d.snapshot(name)).toList());
        for (List<SnapshotName> call : calls) {
            zfs.snapshot(call, recursive);
        }
        return calls;
    }

    /**
     * The topmost datasets of the selection when every listed descendant of each is selected too
     * (so {@code -r} on them snapshots exactly the selection), else null.
     */
    static List<DatasetName> subtreeTops(Listing listing, List<DatasetName> selected) {
        Set<String> chosen = new HashSet<>();
        selected.forEach(d -> chosen.add(d.name()));
        for (ZfsObject dataset : listing.datasets()) {
            String parent = parentOf(dataset.name());
            if (parent != null && chosen.contains(parent) && !chosen.contains(dataset.name())) {
                return null;
            }
        }
        return selected.stream().filter(d -> parentOf(d.name()) == null || !chosen.contains(parentOf(d.name()))).toList();
    }

    private static String parentOf(String dataset) {
        int slash = dataset.lastIndexOf('/');
        return slash < 0 ? null : dataset.substring(0, slash);
    }

    static List<List<SnapshotName>> split(List<SnapshotName> snapshots) {
        List<List<SnapshotName>> calls = new ArrayList<>();
        List<SnapshotName> current = new ArrayList<>();
        int bytes = 0;
        for (SnapshotName snapshot : snapshots) {
            int length = snapshot.toString().length() + 1;
            if (!current.isEmpty() && bytes + length > Zfs.MAX_ARGUMENT_BYTES) {
                calls.add(current);
                current = new ArrayList<>();
                bytes = 0;
            }
            current.add(snapshot);
            bytes += length;
        }
        if (!current.isEmpty()) {
            calls.add(current);
        }
        return calls;
    }
}
