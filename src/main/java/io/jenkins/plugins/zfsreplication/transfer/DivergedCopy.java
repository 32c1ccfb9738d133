package io.jenkins.plugins.zfsreplication.transfer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * A diverged copy taken back to its base without destroying anything. The snapshots the copy took
 * after the base exist nowhere else: the source no longer has them (a source rolled back by
 * mistake, by ransomware, or a hostile pull source listing an old snapshot looks exactly like a
 * diverged copy), so {@code zfs rollback -r} would erase the backup's only history of them.
 * Instead the copy is renamed to {@code <copy>-kept-<GUID of its newest snapshot>} with every
 * snapshot and child, a clone of its base takes the copy's name and is promoted (it takes over the
 * snapshots up to the base, GUIDs and holds with them), and the children move back under it. The
 * kept dataset then holds exactly the snapshots after the base, a clone of the base; the copy
 * receives from its base as before.
 */
final class DivergedCopy {
    /** What a kept dataset's name adds to the copy's. */
    static final String KEPT = "-kept-";

    private DivergedCopy() {
    }

    /** The dataset the snapshots after the base go to: named by the newest one's GUID, so one divergence, one name. */
    static DatasetName keptName(DatasetName copy, ZfsObject newest) {
        return DatasetName.of(copy.name() + KEPT + String.format("%016x", newest.guid()));
    }

    /**
     * Keeps {@code newer} (the copy's snapshots after {@code base}, oldest first, at least one) in
     * a kept dataset and leaves the copy at its base.
     *
     * @return the kept dataset
     */
    static DatasetName keep(Zfs target, DatasetName copy, SnapshotName base, List<ZfsObject> newer,
                            Consumer<String> log) {
        DatasetName kept = keptName(copy, newer.get(newer.size() - 1));
        List<String> names = newer.stream().map(ZfsObject::shortName).toList();
        if (copy.name().indexOf('/') < 0) {
            throw poolRoot(copy, base, newer, names);
        }
        List<List<String>> commands = commands(copy, base, kept, List.of());
        if (target.exists(kept)) {
            throw new TransferException("The copy %s diverged from its source after @%s, and %s, where its %d later"
                    + " snapshot(s) would be kept, already exists: nothing was sent, rolled back or destroyed. Look at"
                    + " both, then keep the later snapshots by hand (%s) and run again", copy, base.snapshot(), kept,
                    names.size(), join(commands));
        }
        List<DatasetName> children = children(target, copy);
        commands = commands(copy, base, kept, children);
        List<String> done = new ArrayList<>();
        try {
            target.rename(copy, kept);
            done.add(String.join(" ", Zfs.renameCommand(copy, kept)));
            target.clone(kept.snapshot(base.snapshot()), copy, cloneProperties());
            done.add(String.join(" ", commands.get(1)));
            target.promote(copy);
            done.add(String.join(" ", Zfs.promoteCommand(copy)));
            for (DatasetName child : children) {
                DatasetName moved = kept.resolve(child.relativeTo(copy));
                target.unmount(moved);
                target.rename(moved, child);
                done.add(String.join(" ", Zfs.renameCommand(moved, child)));
            }
        } catch (ZfsException e) {
            throw new TransferException(e, "Keeping the %d snapshot(s) the diverged copy %s has after @%s failed: %s."
                    + " Nothing was sent or destroyed; done so far: %s. Finish by hand (%s) and run again", names.size(),
                    copy, base.snapshot(), e.getMessage(), done.isEmpty() ? "nothing" : String.join("; ", done),
                    join(commands));
        }
        log.accept(String.format("%s: back at @%s as the plan allows, keeping the %d snapshot(s) only the copy had "
                + "(%s) in %s (zfs rename, zfs clone, zfs promote): nothing was destroyed", copy, base.snapshot(),
                names.size(), String.join(", ", names), kept));
        return kept;
    }

    /**
     * A pool's root cannot be renamed, so its later snapshots cannot move aside: the run refuses and
     * names what keeps them by hand. A full stream of the first and one of the rest ({@code -I}) into
     * a dataset below the root carry them with their GUIDs; a rollback of the root leaves its
     * children alone. Only then may the admin destroy them on the copy: that destroy is theirs.
     */
    private static TransferException poolRoot(DatasetName copy, SnapshotName base, List<ZfsObject> newer,
                                              List<String> names) {
        DatasetName kept = copy.resolve("kept-"
                + String.format("%016x", newer.get(newer.size() - 1).guid()));
        String first = copy.snapshot(names.get(0)).toString();
        String last = copy.snapshot(names.get(names.size() - 1)).toString();
        List<String> steps = new ArrayList<>();
        steps.add("zfs send " + first + " | zfs recv -u " + kept);
        if (names.size() > 1) {
            steps.add("zfs send -I " + first + " " + last + " | zfs recv -u " + kept);
        }
        return new TransferException("The copy %s diverged from its source after @%s and is its pool's root, which zfs"
                + " cannot rename: its %d later snapshot(s) (%s) exist only there and are not kept aside automatically."
                + " Nothing was sent, rolled back or destroyed. Keep them by hand (%s), then destroy them on the copy"
                + " (%s) and run again; or give the copy a dataset below the pool root", copy, base.snapshot(),
                names.size(), String.join(", ", names), String.join("; ", steps), String.join("; ", names.stream()
                        .map(name -> "zfs destroy " + copy.snapshot(name)).toList()));
    }

    /** The commands that keep them, as a message names them for running by hand. */
    static List<List<String>> commands(DatasetName copy, SnapshotName base, DatasetName kept,
                                       List<DatasetName> children) {
        List<List<String>> commands = new ArrayList<>();
        commands.add(Zfs.renameCommand(copy, kept));
        commands.add(Zfs.cloneCommand(kept.snapshot(base.snapshot()), copy, cloneProperties()));
        commands.add(Zfs.promoteCommand(copy));
        children.forEach(child -> commands.add(Zfs.renameCommand(kept.resolve(child.relativeTo(copy)), child)));
        return commands;
    }

    /** The copy's clone is made safe as a received copy is: it mounts over nothing and nothing writes to it. */
    private static Map<String, String> cloneProperties() {
        return new java.util.TreeMap<>(Map.of("canmount", "noauto", "readonly", "on", "setuid", "off",
                "devices", "off", "exec", "off"));
    }

    private static String join(List<List<String>> commands) {
        return String.join("; ", commands.stream().map(command -> String.join(" ", command)).toList());
    }

    /** The copy's direct children (file systems and volumes): a rename takes them along, they come back. */
    private static List<DatasetName> children(Zfs target, DatasetName copy) {
        return target.list(List.of(copy), true, List.of()).datasets().stream()
                .map(dataset -> DatasetName.of(dataset.name()))
                .filter(dataset -> !dataset.equals(copy) && dataset.isSelfOrDescendantOf(copy)
                        && dataset.relativeTo(copy).indexOf('/') < 0)
                .toList();
    }
}
