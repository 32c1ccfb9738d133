package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.FilesystemProperties;
import io.jenkins.plugins.zfsreplication.zfs.FilesystemProperties.Setting;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsCommandException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * What a received copy may do on the backup host, whatever the stream that made it carries. The
 * sending host decides what arrives: asked for one file system's snapshot, a compromised source can
 * send a replication stream with children, and with them {@code mountpoint=/etc},
 * {@code sharenfs=on}, {@code setuid=on}, a {@code refreservation} that takes the backup pool's free
 * space from every other copy, {@code checksum=off} or {@code dedup=on}. So a stream decides only
 * the properties {@link #ALLOWED} names (and user properties); on every step, full or incremental:
 * <ul>
 * <li>{@code zfs recv -x} of every other property a stream may carry ({@link #EXCLUDED}) where the
 * target's zfs has it (OpenZFS): an inheritable one's stream value is kept as its received value
 * (the copy still knows it) but never takes effect; the backup host's own, inherited from the
 * target's parent, does. A non-inheritable one (quota, reservation, limits) is dropped from the
 * stream by zfs;</li>
 * <li>after the receive (right after it where a full receive below waits for it, else with the
 * others' after the run's last receive, {@link #checkAll}), every file system at and below the step's target that
 * no other step of the run receives is read back: anything mounted is unmounted, and {@code canmount=noauto} (never at
 * boot), {@code readonly=on} (on what the step created), {@code setuid=off devices=off exec=off}
 * are set where the backup host itself did not set them; a received mountpoint or share (zfs-fuse
 * has no {@code -x}) is inherited instead. Every other received property outside {@link #ALLOWED}
 * is made the backup host's too: inherited, or {@code none} for a quota, reservation or limit (it
 * took effect between the receive and this check). That is zfs-fuse's whole exclusion, and on
 * OpenZFS it catches what {@code -x} lets through: a quota or reservation in an incremental stream
 * into a copy that exists.</li>
 * </ul>
 * A property the user sets with {@code recvSet} is the user's; {@code mountReceived} leaves
 * mounting ({@code mountpoint}, {@code canmount}, {@code readonly}, unmounting) to zfs and the stream.
 */
public final class ReceivedProperties {
    /** The properties no stream decides: where and whether it mounts, shares, runs programs or devices. */
    static final List<String> NEUTRALISED = List.of("mountpoint", "canmount", "sharenfs", "sharesmb", "setuid",
            "devices", "exec");

    /** What an excluded property would reach beyond the copy it came with. */
    enum Reach {
        /** The backup pool's space: taken or capped whatever the copy holds, or multiplied, or every copy's. */
        SPACE("the backup pool's space"),
        /** How the pool keeps data safe: checksums, extra copies, synchronous writes, metadata redundancy. */
        INTEGRITY("the integrity of what the backup pool stores"),
        /** The backup host: its paths, shares, programs, devices, security labels, containers. */
        HOST("the backup host's paths, shares, devices or labels"),
        /** The backup host's memory, caches and log devices, shared by every copy. */
        SHARED_RESOURCES("the backup host's memory, caches or log devices");

        private final String text;

        Reach(String text) {
            this.text = text;
        }

        /** What people read: "the backup pool's space". */
        String text() {
            return text;
        }
    }

    /**
     * The native properties a stream may set on its copy, and why each is harmless there: each
     * concerns only how the copy's own files read, or zfs cannot exclude it. User properties
     * ({@code module:name}) arrive too: labels of the copy, which decide nothing on the backup host
     * (a received {@code zfs-replication:keep-*} decides no destroy: docs/prune-safety.md).
     */
    static final Map<String, String> ALLOWED = allowed();

    /**
     * Every other property a stream may carry, in {@code zfs recv -x} order, with what it would reach:
     * {@link #NEUTRALISED} first. A property a zfs does not know gets only a warning from
     * {@code zfs recv -x} (OpenZFS before 2.2 lacks {@code prefetch}, before 2.3 {@code direct} and
     * {@code longname}).
     */
    static final Map<String, Reach> EXCLUDED = excluded();

    /** The excluded properties zfs cannot inherit: where a stream set one, {@code none} is set instead. */
    private static final Set<String> NOT_INHERITABLE = Set.of("quota", "refquota", "reservation", "refreservation",
            "filesystem_limit", "snapshot_limit", "context", "fscontext", "defcontext", "rootcontext");
    private static final Set<String> MOUNTING = Set.of("mountpoint", "canmount", "readonly");
    private static final List<String> READ = List.of("mounted", "mountpoint", "canmount", "readonly", "sharenfs",
            "sharesmb", "setuid", "devices", "exec");
    private static final List<String> OFF = List.of("setuid", "devices", "exec");

    private ReceivedProperties() {
    }

    private static Map<String, String> allowed() {
        Map<String, String> allowed = new LinkedHashMap<>();
        String files = "how the copy's files read: a restore needs the source's";
        for (String property : List.of("aclinherit", "aclmode", "acltype", "xattr")) {
            allowed.put(property, files);
        }
        String layout = "the layout of what is written to the copy, the copy alone, which the backup keeps read-only";
        allowed.put("recordsize", layout);
        allowed.put("dnodesize", layout);
        String times = "whether reading the copy updates access times: the copy's alone, and it is read-only";
        allowed.put("atime", times);
        allowed.put("relatime", times);
        allowed.put("snapdir", "whether the copy's .zfs directory shows where an admin mounts it");
        String once = "set once when the copy is created, bound to the names the stream holds: zfs cannot exclude it";
        for (String property : List.of("casesensitivity", "normalization", "utf8only")) {
            allowed.put(property, once);
        }
        String volume = "a volume's size and block size are its data: zfs cannot exclude them";
        allowed.put("volsize", volume);
        allowed.put("volblocksize", volume);
        String key = "the key of a copy received raw (encrypted): zfs refuses to exclude it from a raw stream, and it"
                + " concerns that copy's key alone";
        for (String property : List.of("encryption", "keyformat", "keylocation", "pbkdf2iters")) {
            allowed.put(property, key);
        }
        allowed.put("mlslabel", "a Trusted Extensions label: OpenZFS on Linux lets nobody set it, a stream included"
                + " (zfs recv -x of it only prints a refusal, even as root)");
        return java.util.Collections.unmodifiableMap(allowed);
    }

    private static Map<String, Reach> excluded() {
        Map<String, Reach> excluded = new LinkedHashMap<>();
        NEUTRALISED.forEach(property -> excluded.put(property, Reach.HOST));
        for (String property : List.of("quota", "refquota", "reservation", "refreservation", "filesystem_limit",
                "snapshot_limit", "special_small_blocks", "compression")) {
            excluded.put(property, Reach.SPACE);
        }
        for (String property : List.of("checksum", "copies", "dedup", "redundant_metadata", "sync", "readonly")) {
            excluded.put(property, Reach.INTEGRITY);
        }
        for (String property : List.of("zoned", "overlay", "nbmand", "vscan", "snapdev", "volmode", "context",
                "fscontext", "defcontext", "rootcontext", "longname")) {
            excluded.put(property, Reach.HOST);
        }
        for (String property : List.of("primarycache", "secondarycache", "logbias", "prefetch", "direct")) {
            excluded.put(property, Reach.SHARED_RESOURCES);
        }
        return java.util.Collections.unmodifiableMap(excluded);
    }

    /** The properties every {@code zfs recv} excludes ({@code -x}), in a fixed order. */
    static List<String> excluded(TransferOptions options) {
        return EXCLUDED.keySet().stream().filter(property -> decidedHere(property, options)
                && !options.receiving().recvExclude().contains(property)).toList();
    }

    /** True unless the user set the property ({@code recvSet}) or the run leaves mounting to zfs. */
    private static boolean decidedHere(String property, TransferOptions options) {
        return !options.receiving().recvSet().containsKey(property)
                && !(options.receiving().mountReceived() && MOUNTING.contains(property));
    }

    /**
     * Checks what a step left at and below {@code top} and makes it safe, each change logged.
     *
     * @param created true when the step created {@code top} (a full receive): it is unmounted and made read-only too
     * @param planned the run's targets: each is checked by its own steps, maybe running right now
     * @throws TransferException when a file system cannot be read back or made safe
     */
    static void check(Zfs target, DatasetName top, boolean created, Set<DatasetName> planned, TransferOptions options,
                      String topNote, Consumer<String> log) {
        Map<DatasetName, Map<String, Setting>> tree;
        try {
            tree = FilesystemProperties.read(target, top, READ);
        } catch (ZfsCommandException e) {
            if (e.isDatasetMissing()) {
                return; // nothing arrived
            }
            throw failure(top, e);
        } catch (ZfsException e) {
            throw failure(top, e);
        }
        List<DatasetName> checked = checkedBelow(tree, top, planned, new java.util.HashSet<>());
        Map<DatasetName, Map<String, Setting>> received;
        try {
            // also where zfs has -x: OpenZFS lets a quota or reservation through -x into a copy that exists
            received = FilesystemProperties.received(target, checked);
        } catch (ZfsException e) {
            throw failure(top, e);
        }
        makeSafe(target, new Top(top, created, topNote, log), checked, tree, received, options, Set.of());
    }

    /**
     * One step's target whose check {@link #checkAll} makes together with other steps'.
     *
     * @param created true when the step created {@code dataset}
     * @param note    said first when it did (and the run leaves mounting to this tool)
     * @param log     where this target's changes are said: its step's record
     */
    record Top(DatasetName dataset, boolean created, String note, Consumer<String> log) {
    }

    /**
     * {@link #check} of several steps' targets at once, after their receives, with the reads
     * batched: one {@code zfs list -r} of them all, one {@code zfs get} of the few properties by name
     * for every file system found, one {@code zfs get all} for what came in {@code received} (a batch
     * more per {@link io.jenkins.plugins.zfsreplication.zfs.Zfs#MAX_ARGUMENT_BYTES} of names), where
     * a check per step made three zfs calls each. The properties that decide mounting are still
     * those asked by name and parsed strictly. When a batched read fails (a target gone meanwhile),
     * each target is checked alone, which names the one that failed.
     *
     * @return each target whose check failed to why; the others were made safe
     */
    static Map<DatasetName, TransferException> checkAll(Zfs target, List<Top> tops, Set<DatasetName> planned,
                                                       TransferOptions options) {
        Map<DatasetName, TransferException> failed = new LinkedHashMap<>();
        if (tops.isEmpty()) {
            return failed;
        }
        Map<DatasetName, Map<String, Setting>> tree;
        Map<DatasetName, Map<String, Setting>> received;
        Map<DatasetName, List<DatasetName>> checked = new LinkedHashMap<>();
        try {
            tree = FilesystemProperties.read(target, tops.stream().map(Top::dataset).toList(), READ);
            Set<DatasetName> seen = new java.util.HashSet<>();
            for (Top top : tops) {
                checked.put(top.dataset(), checkedBelow(tree, top.dataset(), planned, seen));
            }
            received = FilesystemProperties.received(target, checked.values().stream().flatMap(List::stream).toList());
        } catch (ZfsException e) {
            for (Top top : tops) {
                try {
                    check(target, top.dataset(), top.created(), planned, options, top.note(), top.log());
                } catch (TransferException failure) {
                    failed.put(top.dataset(), failure);
                }
            }
            return failed;
        }
        Set<DatasetName> noauto = canmountNoauto(target, tops.stream().filter(top -> tree.containsKey(top.dataset()))
                .flatMap(top -> checked.get(top.dataset()).stream()).toList(), tree, options);
        for (Top top : tops) {
            if (!tree.containsKey(top.dataset())) {
                continue; // nothing arrived
            }
            try {
                makeSafe(target, top, checked.get(top.dataset()), tree, received, options, noauto);
            } catch (TransferException failure) {
                failed.put(top.dataset(), failure);
            }
        }
        return failed;
    }

    /**
     * What {@code top}'s check covers of {@code tree}: itself and what lies below it that no other
     * step of the run receives (each checked by its own step), none in {@code seen} (checked
     * already for another target of the same batch); children first, as a parent unmounts only once
     * they have.
     */
    private static List<DatasetName> checkedBelow(Map<DatasetName, Map<String, Setting>> tree, DatasetName top,
                                                  Set<DatasetName> planned, Set<DatasetName> seen) {
        List<DatasetName> checked = new ArrayList<>(tree.keySet().stream()
                .filter(dataset -> dataset.isSelfOrDescendantOf(top))
                .filter(dataset -> dataset.equals(top) || !planned.contains(dataset))
                .filter(seen::add).toList());
        java.util.Collections.reverse(checked);
        return checked;
    }

    /**
     * {@code canmount=noauto} for every file system of a batch that needs it, in one {@code zfs set}
     * (each new copy of a first night needs it: canmount is not inherited): those whose shares the
     * check leaves alone, as shares change first where it changes them. When the set fails, none
     * counts as done and each is set by its own check, which says why it failed.
     *
     * @return the file systems that now have it
     */
    private static Set<DatasetName> canmountNoauto(Zfs target, List<DatasetName> checked,
                                                   Map<DatasetName, Map<String, Setting>> tree, TransferOptions options) {
        List<DatasetName> needing = checked.stream().filter(dataset -> !options.receiving().mountReceived()
                && unsafe(tree.get(dataset), "canmount", "on", options)
                && !streamSet(tree.get(dataset), "sharenfs", options) && !streamSet(tree.get(dataset), "sharesmb", options))
                .distinct().toList();
        if (needing.size() < 2) {
            return Set.of();
        }
        try {
            target.setProperty(needing, "canmount", "noauto");
        } catch (ZfsException e) {
            return Set.of();
        }
        return Set.copyOf(needing);
    }

    private static void makeSafe(Zfs target, Top top, List<DatasetName> checked,
                                 Map<DatasetName, Map<String, Setting>> tree,
                                 Map<DatasetName, Map<String, Setting>> received, TransferOptions options,
                                 Set<DatasetName> noauto) {
        for (DatasetName dataset : checked) {
            boolean made = top.created() || !dataset.equals(top.dataset());
            try {
                List<String> done = neutralise(target, dataset, tree.get(dataset), made, options,
                        noauto.contains(dataset));
                done.addAll(outsideTheAllowlist(target, dataset, received.getOrDefault(dataset, Map.of()), options));
                if (dataset.equals(top.dataset()) && top.created() && !options.receiving().mountReceived()) {
                    done.add(0, top.note());
                }
                if (!done.isEmpty()) {
                    top.log().accept(dataset + ": " + String.join(", ", done));
                }
            } catch (ZfsException e) {
                throw failure(dataset, e);
            }
        }
    }

    private static List<String> neutralise(Zfs target, DatasetName dataset, Map<String, Setting> settings, boolean made,
                                           TransferOptions options, boolean noautoSet) {
        List<String> done = new ArrayList<>();
        // shares first: zfs (re)shares a file system whose mount point changes, and a share it cannot make fails the change
        inheritReceived(target, dataset, settings, "sharenfs", options, done);
        inheritReceived(target, dataset, settings, "sharesmb", options, done);
        if (!options.receiving().mountReceived()) {
            if (noautoSet) {
                done.add("canmount=noauto");
            } else {
                replace(target, dataset, settings, "canmount", "on", "noauto", options, done);
            }
            boolean moved = inheritReceived(target, dataset, settings, "mountpoint", options, done);
            if (made) {
                replace(target, dataset, settings, "readonly", "off", "on", options, done);
            }
            if (moved || "yes".equals(value(settings, "mounted"))) {
                unmount(target, dataset, made, done);
            }
        }
        for (String property : OFF) {
            replace(target, dataset, settings, property, "on", "off", options, done);
        }
        return done;
    }

    /**
     * Each property the stream set that is neither {@link #ALLOWED}
     * nor one {@link #neutralise} decides is the backup host's again, inherited (zfs-fuse keeps a
     * received value through {@code zfs inherit}: then the parent's value is set), or {@code none}
     * for a quota, reservation or limit, which zfs does not inherit. A change zfs refuses fails the
     * check; only a property this tool does not know at all (neither list), which zfs will not
     * inherit, is left as received and named in the log.
     */
    private static List<String> outsideTheAllowlist(Zfs target, DatasetName dataset, Map<String, Setting> received,
                                                    TransferOptions options) {
        List<String> done = new ArrayList<>();
        for (Map.Entry<String, Setting> entry : new java.util.TreeMap<>(received).entrySet()) {
            String property = entry.getKey();
            if (ALLOWED.containsKey(property) || NEUTRALISED.contains(property) || MOUNTING.contains(property)
                    || !decidedHere(property, options)) {
                continue;
            }
            String stream = io.jenkins.plugins.zfsreplication.text.TerminalText.line(entry.getValue().value());
            Reach reach = EXCLUDED.get(property);
            String why = reach == null ? "it is outside the allowlist" : "it reaches " + reach.text();
            if (NOT_INHERITABLE.contains(property)) {
                if ("none".equals(entry.getValue().value())) {
                    continue; // zfs-fuse sends every quota and reservation, none included: it takes nothing
                }
                target.setProperty(dataset.name(), property, "none");
                done.add(property + "=none (the stream's " + stream + " not used: " + why + ")");
                continue;
            }
            try {
                target.inherit(dataset, property);
            } catch (ZfsCommandException e) {
                if (reach != null) {
                    throw e;
                }
                // a property this tool does not know, which zfs does not inherit: said, not guessed at
                done.add(property + " left as received (" + stream + "; zfs inherit: "
                        + io.jenkins.plugins.zfsreplication.text.TerminalText.line(e.getZfsMessage()) + ")");
                continue;
            }
            Setting now = FilesystemProperties.read(target, dataset, List.of(property)).get(dataset).get(property);
            if (now != null && now.received()) {
                String parent = dataset.name().indexOf('/') < 0 ? null
                        : dataset.name().substring(0, dataset.name().lastIndexOf('/'));
                if (parent == null) {
                    throw new ZfsException("%s: the stream's %s=%s stays: zfs inherit kept it and a pool's root has"
                            + " no parent to take the value from", dataset, property, stream);
                }
                String value = target.property(parent, property);
                target.setProperty(dataset.name(), property, value);
                done.add(property + "=" + value + " (the stream's " + stream + " not used: " + why
                        + "; zfs inherit kept it)");
            } else {
                done.add(property + " inherited (the stream's " + stream + " not used: " + why + ")");
            }
        }
        return done;
    }

    /**
     * Unmounts where mounted (zfs mounts again what a receive or a mount point change touched, where
     * it has no {@code recv -u}). A copy the step did not create may be one an admin is reading: left
     * mounted (under the backup's own tree) when it is busy, and said so.
     */
    private static void unmount(Zfs target, DatasetName dataset, boolean made, List<String> done) {
        try {
            if (!"yes".equals(target.property(dataset.name(), "mounted"))) {
                return;
            }
            target.unmount(dataset);
            done.add("unmounted");
        } catch (ZfsCommandException e) {
            if (made) {
                throw e;
            }
            done.add("left mounted (" + io.jenkins.plugins.zfsreplication.text.TerminalText.line(e.getZfsMessage()) + ")");
        }
    }

    /** A value the stream set (zfs without {@code recv -x}) gives way to the backup host's inherited one. */
    private static boolean inheritReceived(Zfs target, DatasetName dataset, Map<String, Setting> settings, String property,
                                        TransferOptions options, List<String> done) {
        Setting setting = settings.get(property);
        if (streamSet(settings, property, options)) {
            String stream = io.jenkins.plugins.zfsreplication.text.TerminalText.line(setting.value());
            String note = changed(target, dataset, property, () -> target.inherit(dataset, property), now -> true);
            Setting now = FilesystemProperties.read(target, dataset, List.of(property)).get(dataset).get(property);
            if (now != null && now.received()) {
                // zfs-fuse keeps a received value through zfs inherit: the value it would inherit, set here
                String value = "mountpoint".equals(property) ? inheritedMountpoint(target, dataset) : "off";
                target.setProperty(dataset.name(), property, value);
                done.add(property + "=" + value + " (the stream's " + stream + " not used; zfs inherit kept it"
                        + note + ")");
            } else {
                done.add(property + " inherited (the stream's " + stream + " not used" + note + ")");
            }
            return true;
        }
        return false;
    }

    /** Where the dataset would mount by inheritance: below its parent's mount point, or as the parent (none, legacy). */
    private static String inheritedMountpoint(Zfs target, DatasetName dataset) {
        String name = dataset.name();
        if (name.indexOf('/') < 0) {
            return "/" + name; // a pool's root dataset inherits nothing: its default
        }
        DatasetName parent = DatasetName.of(name.substring(0, name.lastIndexOf('/')));
        String above = target.property(parent.name(), "mountpoint");
        return above.startsWith("/") ? (above.equals("/") ? "" : above) + name.substring(name.lastIndexOf('/'))
                : above;
    }

    /**
     * Runs a change; when zfs reports a failure, reads the property again and takes the change as made
     * if the property now is as wanted: zfs-fuse fails a mount point change of a shared file system when
     * it cannot (re)share it (no exportfs), and still makes the change. The note says so.
     */
    private static String changed(Zfs target, DatasetName dataset, String property, Runnable change,
                                  java.util.function.Predicate<Setting> made) {
        try {
            change.run();
            return "";
        } catch (ZfsCommandException e) {
            Map<String, Setting> now = FilesystemProperties.read(target, dataset, List.of(property)).get(dataset);
            if (now == null || now.get(property) == null || !made.test(now.get(property))) {
                throw e;
            }
            return "; zfs said: " + io.jenkins.plugins.zfsreplication.text.TerminalText.line(e.getZfsMessage());
        }
    }

    /** True when the stream set {@code property} and {@link #inheritReceived} gives it back to the backup host. */
    private static boolean streamSet(Map<String, Setting> settings, String property, TransferOptions options) {
        Setting setting = settings.get(property);
        return setting != null && setting.received() && decidedHere(property, options)
                && !("off".equals(setting.value()) && !"mountpoint".equals(property));
    }

    /** True when the property has its {@code unsafe} value, which the backup host did not set on the dataset itself. */
    private static boolean unsafe(Map<String, Setting> settings, String property, String unsafe, TransferOptions options) {
        Setting setting = settings.get(property);
        return setting != null && !setting.local() && unsafe.equals(setting.value()) && decidedHere(property, options);
    }

    /** {@code unsafe} becomes {@code safe} unless the backup host set the property on the dataset itself. */
    private static void replace(Zfs target, DatasetName dataset, Map<String, Setting> settings, String property,
                                String unsafe, String safe, TransferOptions options, List<String> done) {
        if (unsafe(settings, property, unsafe, options)) {
            String note = changed(target, dataset, property, () -> target.setProperty(dataset.name(), property, safe),
                    now -> safe.equals(now.value()));
            done.add(property + "=" + safe + (note.isEmpty() ? "" : " (" + note.substring(2) + ")"));
        }
    }

    private static String value(Map<String, Setting> settings, String property) {
        Setting setting = settings.get(property);
        return setting == null ? null : setting.value();
    }

    private static TransferException failure(DatasetName dataset, ZfsException e) {
        return new TransferException(e, "%s: could not check what the receive left (%s): it may mount, share or run "
                + "what the stream carries; check it before the next run", dataset, e.getMessage());
    }
}
