package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;

/**
 * Answers the zfs argument vectors the engine builds, from a {@link SimHost}, in zfs's own output
 * formats and error messages: {@code zfs list -Hp} (or {@code zfs get -Hp} on an old host), the
 * {@code zfs get -s} forms, snapshot, destroy, hold, release, bookmark, rollback, create, set,
 * rename, clone, promote (a clone's {@code origin} follows its snapshot wherever promote moves it),
 * {@code recv -A}, {@code send -nvPt}. What the engine then makes of the output is its own code.
 */
final class SimZfsCommands {
    static final String MISSING = "dataset does not exist";
    private static final String OPENZFS_USAGE = usage();
    private static final String OLD_USAGE = String.join("\n", "usage: zfs command args ...",
            "where 'command' is one of the following:", "",
            "\tcreate [-p] [-o property=value] ... <filesystem>",
            "\tdestroy [-rRf] <filesystem|volume>",
            "\tdestroy [-rRd] <snapshot>", "",
            "\tsnapshot [-r] [-o property=value] ... <filesystem@snapname|volume@snapname>",
            "\trollback [-rRf] <snapshot>", "",
            "\tlist [-rH][-d max] [-o property[,...]] [-t type[,...]] [-s property] ...",
            "\t    [-S property] ... [filesystem|volume|snapshot] ...", "",
            "\tset <property=value> <filesystem|volume|snapshot> ...",
            "\tget [-rHp] [-d max] [-o \"all\" | field[,...]] [-s source[,...]]",
            "\t    <\"all\" | property[,...]> [filesystem|volume|snapshot] ...",
            "\tinherit [-r] <property> <filesystem|volume|snapshot> ...", "",
            "\tmount", "\tunmount [-f] <-a | filesystem|mountpoint>", "",
            "\tsend [-vRDp] [-[iI] snapshot] <snapshot>",
            "\treceive [-vnF] <filesystem|volume|snapshot>", "",
            "\thold [-r] <tag> <snapshot> ...", "\treleases [-r] <tag> <snapshot> ...",
            "\trelease [-r] <tag> <snapshot> ...", "");

    private final SimHost host;

    SimZfsCommands(SimHost host) {
        this.host = host;
    }

    private static String usage() {
        try (InputStream in = SimZfsCommands.class.getResourceAsStream(
                "/io/jenkins/plugins/zfsreplication/zfs/openzfs-usage.txt")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.lines().filter(line -> !line.startsWith("#")).reduce("", (a, b) -> a + b + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    CommandResult run(List<String> argv) {
        if (argv.equals(List.of("date", "-u", "+%s"))) {
            // the host's clock, as coreutils prints it: what the engine asks another host for
            return ok(argv, host.now() + "\n");
        }
        if (argv.size() < 2 || !argv.get(0).equals("zfs")) {
            return fail(argv, 127, argv.get(0) + ": command not found");
        }
        List<String> args = argv.subList(2, argv.size());
        return switch (argv.get(1)) {
            case "-?" -> ok(argv, host.old ? OLD_USAGE : OPENZFS_USAGE);
            case "version" -> host.old ? fail(argv, 2, "unrecognized command 'version'")
                    : ok(argv, "zfs-2.3.2-1\nzfs-kmod-2.3.2-1\n");
            case "list" -> list(argv, args);
            case "get" -> get(argv, args);
            case "snapshot" -> snapshot(argv, args);
            case "destroy" -> destroy(argv, args);
            case "hold" -> hold(argv, args, true);
            case "release" -> hold(argv, args, false);
            case "bookmark" -> bookmark(argv, args);
            case "rollback" -> rollback(argv, args);
            case "rename" -> rename(argv, args);
            case "clone" -> cloneOf(argv, args);
            case "promote" -> promote(argv, args);
            case "create" -> create(argv, args);
            case "set" -> set(argv, args);
            case "unmount" -> ok(argv, "");
            case "recv", "receive" -> abort(argv, args);
            case "send" -> describeToken(argv, args);
            default -> fail(argv, 2, "unrecognized command '" + argv.get(1) + "'");
        };
    }

    private CommandResult list(List<String> argv, List<String> args) {
        Options options = Options.parse(args, "o", "t", "d", "s");
        if (options.positional.size() == 1 && options.value("o").equals("name") && !options.flag('r')
                && options.value("d") == null) {
            String name = options.positional.get(0);
            return host.dataset(name) != null ? ok(argv, name + "\n") : missing(argv, name);
        }
        if (host.old && options.flag('p')) {
            return fail(argv, 2, "invalid option 'p'");
        }
        String[] columns = options.value("o").split(",");
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        java.util.Set<String> printed = new java.util.HashSet<>(); // zfs walks each object once, whatever the roots
        for (String root : options.positional) {
            SimHost.Dataset dataset = host.dataset(root);
            if (dataset == null) {
                err.append("cannot open '").append(root).append("': ").append(MISSING).append('\n');
                continue;
            }
            for (Object object : objects(root, options.flag('r') ? Integer.MAX_VALUE : depth(options))) {
                // -t filesystem: datasets only (ReceivedProperties reads the file systems a receive left)
                String types = options.value("t");
                boolean wanted = types == null || !types.startsWith("filesystem") || object instanceof SimHost.Dataset;
                if (wanted && printed.add(name(object))) {
                    out.append(String.join("\t", row(object, columns))).append('\n');
                }
            }
        }
        return new CommandResult(argv, err.length() == 0 ? 0 : 1, out.toString(), err.toString());
    }

    private static int depth(Options options) {
        return options.value("d") == null ? 0 : Integer.parseInt(options.value("d"));
    }

    /** The dataset, its snapshots and bookmarks, then its children to {@code depth}, as zfs walks them. */
    private List<Object> objects(String root, int depth) {
        List<Object> objects = new ArrayList<>();
        SimHost.Dataset dataset = host.dataset(root);
        objects.add(dataset);
        dataset.snapshots.forEach(s -> objects.add(new Owned(dataset, s, false)));
        dataset.bookmarks.forEach(s -> objects.add(new Owned(dataset, s, true)));
        if (depth > 0) {
            for (String child : host.datasets.keySet()) {
                if (root.equals(SimHost.parent(child))) {
                    objects.addAll(objects(child, depth - 1));
                }
            }
        }
        return objects;
    }

    /** A snapshot or bookmark with its dataset. */
    private record Owned(SimHost.Dataset dataset, SimHost.Snap snap, boolean bookmark) {
        String name() {
            return dataset.name + (bookmark ? "#" : "@") + snap.name;
        }
    }

    private List<String> row(Object object, String[] columns) {
        List<String> values = new ArrayList<>();
        for (String column : columns) {
            values.add(value(object, column));
        }
        return values;
    }

    private String value(Object object, String property) {
        if (object instanceof SimHost.Dataset d) {
            return switch (property) {
                case "name" -> d.name;
                case "type" -> "filesystem";
                case "guid" -> Long.toUnsignedString(d.guid);
                case "createtxg" -> Long.toString(d.createtxg);
                case "creation" -> Long.toString(d.creation);
                case "used", "referenced" -> Long.toString(d.referenced);
                case "encryption" -> host.old ? "-" : d.cipher == null ? "off" : d.cipher;
                case "encryptionroot" -> d.cipher == null ? "-" : d.encryptionRoot;
                case "keystatus" -> d.cipher == null ? "-" : d.keyLoaded ? "available" : "unavailable";
                case "receive_resume_token" -> d.partial == null ? "-" : d.partial.token();
                case "mounted" -> "no";
                case "origin" -> originName(d);
                default -> property.contains(":") ? orDash(host.property(d.name, property)) : "-";
            };
        }
        Owned owned = (Owned) object;
        SimHost.Snap s = owned.snap();
        return switch (property) {
            case "name" -> owned.name();
            case "type" -> owned.bookmark() ? "bookmark" : "snapshot";
            case "guid" -> Long.toUnsignedString(s.guid);
            case "createtxg" -> Long.toString(s.txg);
            case "creation" -> Long.toString(s.creation);
            case "used" -> owned.bookmark() ? "-" : "0";
            case "referenced" -> owned.bookmark() ? "-" : Long.toString(s.referenced);
            case "userrefs" -> owned.bookmark() ? "-" : Integer.toString(s.holds.size());
            default -> property.contains(":") && !owned.bookmark()
                    ? orDash(host.property(owned.dataset().name, property)) : "-";
        };
    }

    private static String name(Object object) {
        return object instanceof SimHost.Dataset d ? d.name : ((Owned) object).name();
    }

    private static String orDash(String value) {
        return value == null ? "-" : value;
    }

    private CommandResult get(List<String> argv, List<String> args) {
        Options options = Options.parse(args, "o", "s", "d", "t");
        String fields = options.value("o");
        List<String> positional = options.positional;
        String[] properties = positional.get(0).split(",");
        List<String> roots = positional.subList(1, positional.size());
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        java.util.Set<String> printed = new java.util.HashSet<>();
        for (String root : roots) {
            if (host.dataset(root) == null) {
                err.append("cannot open '").append(root).append("': ").append(MISSING).append('\n');
                continue;
            }
            int depth = options.flag('r') ? Integer.MAX_VALUE : depth(options);
            // without -r or -d, zfs get names the dataset alone, none of its snapshots
            List<Object> named = options.flag('r') || options.value("d") != null ? objects(root, depth)
                    : List.of(host.dataset(root));
            for (Object object : named) {
                if (!printed.add(name(object))) {
                    continue;
                }
                if (object instanceof Owned owned && owned.bookmark()) {
                    continue; // zfs get -r of an old zfs lists no bookmarks; they are listed with zfs list
                }
                for (String property : properties) {
                    String source = object instanceof SimHost.Dataset d ? host.source(d.name, property) : null;
                    if (options.value("s") != null && !sourceMatches(options.value("s"), source)) {
                        continue;
                    }
                    String value = value(object, property);
                    String name = object instanceof SimHost.Dataset d ? d.name : ((Owned) object).name();
                    out.append(switch (fields) {
                        case "name,property,value" -> name + "\t" + property + "\t" + value;
                        case "name,property,source" -> name + "\t" + property + "\t" + source;
                        case "name,property,value,source" -> name + "\t" + property + "\t" + value + "\t" + orDash(source);
                        case "name,value" -> name + "\t" + value;
                        case "value" -> value;
                        default -> throw new IllegalArgumentException("zfs get -o " + fields + " is not simulated");
                    }).append('\n');
                }
            }
        }
        return new CommandResult(argv, err.length() == 0 ? 0 : 1, out.toString(), err.toString());
    }

    private static boolean sourceMatches(String wanted, String source) {
        if (source == null) {
            return false;
        }
        for (String kind : wanted.split(",")) {
            if (source.equals(kind) || kind.equals("inherited") && source.startsWith("inherited from ")) {
                return true;
            }
        }
        return false;
    }

    private CommandResult snapshot(List<String> argv, List<String> args) {
        Options options = Options.parse(args);
        for (String name : options.positional) {
            int at = name.indexOf('@');
            SimHost.Dataset dataset = host.dataset(name.substring(0, at));
            if (dataset == null) {
                return missing(argv, name.substring(0, at));
            }
            if (dataset.snapshot(name.substring(at + 1)) != null) {
                return fail(argv, 1, "cannot create snapshot '" + name + "': dataset already exists");
            }
        }
        for (String name : options.positional) {
            int at = name.indexOf('@');
            String root = name.substring(0, at);
            String shortName = name.substring(at + 1);
            for (String dataset : List.copyOf(host.datasets.keySet())) {
                boolean below = dataset.startsWith(root + "/") && options.flag('r');
                if ((dataset.equals(root) || below) && host.dataset(dataset).snapshot(shortName) == null) {
                    host.snapshot(host.dataset(dataset), shortName);
                }
            }
        }
        return ok(argv, "");
    }

    private CommandResult destroy(List<String> argv, List<String> args) {
        Options options = Options.parse(args);
        String target = options.positional.get(0);
        if (target.contains("#")) {
            int hash = target.indexOf('#');
            SimHost.Dataset dataset = host.dataset(target.substring(0, hash));
            SimHost.Snap bookmark = dataset == null ? null : dataset.bookmark(target.substring(hash + 1));
            if (bookmark == null) {
                return fail(argv, 1, "bookmark '" + target + "' does not exist");
            }
            dataset.bookmarks.remove(bookmark);
            host.recordDestroy(target, bookmark.guid, "destroy");
            return ok(argv, "");
        }
        if (!target.contains("@")) {
            SimHost.Dataset dataset = host.dataset(target);
            if (dataset == null) {
                return missing(argv, target);
            }
            if (!dataset.snapshots.isEmpty() || host.datasets.keySet().stream().anyMatch(d -> target.equals(SimHost.parent(d)))) {
                return fail(argv, 1, "cannot destroy '" + target + "': filesystem has children");
            }
            host.datasets.remove(target);
            return ok(argv, "");
        }
        int at = target.indexOf('@');
        SimHost.Dataset dataset = host.dataset(target.substring(0, at));
        if (dataset == null) {
            return missing(argv, target.substring(0, at));
        }
        String[] names = target.substring(at + 1).split(",");
        if (names.length > 1 && host.old) {
            return fail(argv, 1, "cannot open '" + target + "': invalid character ',' in name");
        }
        List<SimHost.Snap> gone = new ArrayList<>();
        for (String name : names) {
            SimHost.Snap snap = dataset.snapshot(name);
            if (snap == null) {
                return fail(argv, 1, "could not find any snapshots to destroy; check snapshot names.");
            }
            if (!snap.holds.isEmpty()) {
                return fail(argv, 1, "cannot destroy snapshot " + dataset.name + "@" + name + ": dataset is busy");
            }
            if (!host.clonesOf(snap).isEmpty()) {
                host.refusedForClones.add(dataset.name + "@" + name);
                return fail(argv, 1, "cannot destroy '" + dataset.name + "@" + name + "': snapshot has dependent clones\n"
                        + "use '-R' to destroy the following datasets:\n" + String.join("\n",
                        host.clonesOf(snap).stream().map(d -> d.name).toList()));
            }
            gone.add(snap);
        }
        for (SimHost.Snap snap : gone) {
            dataset.snapshots.remove(snap);
            host.recordDestroy(dataset.name + "@" + snap.name, snap.guid, "destroy");
        }
        return ok(argv, "");
    }

    /** As zfs: each snapshot in turn, a line on stderr for each that failed, exit 1 if any did. */
    private CommandResult hold(List<String> argv, List<String> args, boolean place) {
        String tag = args.get(0);
        StringBuilder errors = new StringBuilder();
        for (String name : args.subList(1, args.size())) {
            int at = name.indexOf('@');
            SimHost.Dataset dataset = host.dataset(name.substring(0, at));
            SimHost.Snap snap = dataset == null ? null : dataset.snapshot(name.substring(at + 1));
            if (snap == null) {
                errors.append("cannot ").append(place ? "hold" : "release").append(" snapshot '").append(name)
                        .append("': dataset does not exist\n");
            } else if (place && !snap.holds.add(tag)) {
                errors.append("cannot hold snapshot '").append(name).append("': tag already exists on this dataset\n");
            } else if (!place && !snap.holds.remove(tag)) {
                errors.append("cannot release hold from snapshot '").append(name).append("': no such tag on this dataset\n");
            }
        }
        return errors.length() == 0 ? ok(argv, "") : fail(argv, 1, errors.toString().strip());
    }

    private CommandResult bookmark(List<String> argv, List<String> args) {
        if (host.old) {
            return fail(argv, 2, "unrecognized command 'bookmark'");
        }
        String from = args.get(0);
        String to = args.get(1);
        int at = from.indexOf('@');
        SimHost.Dataset dataset = host.dataset(from.substring(0, at));
        SimHost.Snap snap = dataset == null ? null : dataset.snapshot(from.substring(at + 1));
        if (snap == null) {
            return fail(argv, 1, "cannot bookmark '" + from + "': dataset does not exist");
        }
        String name = to.substring(to.indexOf('#') + 1);
        if (dataset.bookmark(name) != null) {
            return fail(argv, 1, "cannot create bookmark '" + to + "': bookmark exists");
        }
        dataset.bookmarks.add(snap.copy(name, snap.txg));
        dataset.bookmarks.sort(java.util.Comparator.comparingLong(b -> b.txg));
        return ok(argv, "");
    }

    private CommandResult rollback(List<String> argv, List<String> args) {
        Options options = Options.parse(args);
        String name = options.positional.get(0);
        int at = name.indexOf('@');
        SimHost.Dataset dataset = host.dataset(name.substring(0, at));
        SimHost.Snap snap = dataset == null ? null : dataset.snapshot(name.substring(at + 1));
        if (snap == null) {
            return missing(argv, name);
        }
        int index = dataset.snapshots.indexOf(snap);
        List<SimHost.Snap> newer = new ArrayList<>(dataset.snapshots.subList(index + 1, dataset.snapshots.size()));
        if (!newer.isEmpty() && !options.flag('r')) {
            return fail(argv, 1, "cannot rollback to '" + name + "': more recent snapshots or bookmarks exist");
        }
        if (newer.stream().anyMatch(s -> !s.holds.isEmpty())) {
            return fail(argv, 1, "cannot destroy snapshot: dataset is busy");
        }
        if (newer.stream().anyMatch(s -> !host.clonesOf(s).isEmpty())) {
            newer.stream().filter(s -> !host.clonesOf(s).isEmpty())
                    .forEach(s -> host.refusedForClones.add(dataset.name + "@" + s.name));
            return fail(argv, 1, "cannot rollback to '" + name + "': clones of previous snapshots exist\n"
                    + "use '-R' to force deletion of the following clones and dependents:");
        }
        for (SimHost.Snap gone : newer) {
            dataset.snapshots.remove(gone);
            host.recordDestroy(dataset.name + "@" + gone.name, gone.guid, "rollback -r");
        }
        // zfs rollback -r destroys the later bookmarks too (zfs-rollback(8))
        for (SimHost.Snap gone : List.copyOf(dataset.bookmarks)) {
            if (gone.txg > snap.txg) {
                dataset.bookmarks.remove(gone);
                host.recordDestroy(dataset.name + "#" + gone.name, gone.guid, "rollback -r");
            }
        }
        dataset.referenced = snap.referenced;
        return ok(argv, "");
    }

    private String originName(SimHost.Dataset dataset) {
        SimHost.Dataset owner = dataset.origin == null ? null : host.owner(dataset.origin);
        return owner == null ? "-" : owner.name + "@" + dataset.origin.name;
    }

    /** {@code zfs rename from to}: the dataset with its snapshots, bookmarks and descendants, within its pool. */
    private CommandResult rename(List<String> argv, List<String> args) {
        Options options = Options.parse(args);
        String from = options.positional.get(0);
        String to = options.positional.get(1);
        if (from.contains("@") || to.contains("@")) {
            return fail(argv, 2, "snapshot renames are not simulated");
        }
        if (host.dataset(from) == null) {
            return missing(argv, from);
        }
        if (host.dataset(to) != null) {
            return fail(argv, 1, "cannot rename to '" + to + "': dataset already exists");
        }
        if (!from.split("/")[0].equals(to.split("/")[0])) {
            return fail(argv, 1, "cannot rename to '" + to + "': datasets must be within same pool");
        }
        if (to.startsWith(from + "/")) {
            return fail(argv, 1, "cannot rename to '" + to + "': New dataset name cannot be a descendant of current"
                    + " dataset name");
        }
        if (SimHost.parent(to) == null || host.dataset(SimHost.parent(to)) == null) {
            return fail(argv, 1, "cannot rename to '" + to + "': parent does not exist");
        }
        for (String name : List.copyOf(host.datasets.keySet())) {
            if (name.equals(from) || name.startsWith(from + "/")) {
                SimHost.Dataset moved = host.datasets.remove(name);
                moved.name = to + name.substring(from.length());
                host.datasets.put(moved.name, moved);
            }
        }
        return ok(argv, "");
    }

    /** {@code zfs clone [-o property=value]... snapshot dataset}: a new dataset whose origin is the snapshot. */
    private CommandResult cloneOf(List<String> argv, List<String> args) {
        Options options = Options.parse(args, "o");
        String from = options.positional.get(0);
        String to = options.positional.get(1);
        int at = from.indexOf('@');
        SimHost.Dataset dataset = at < 0 ? null : host.dataset(from.substring(0, at));
        SimHost.Snap snap = dataset == null ? null : dataset.snapshot(from.substring(at + 1));
        if (snap == null) {
            return missing(argv, from);
        }
        if (host.dataset(to) != null) {
            return fail(argv, 1, "cannot create '" + to + "': dataset already exists");
        }
        if (!from.split("/")[0].split("@")[0].equals(to.split("/")[0])) {
            return fail(argv, 1, "cannot create '" + to + "': source and target pools differ");
        }
        if (SimHost.parent(to) == null || host.dataset(SimHost.parent(to)) == null) {
            return fail(argv, 1, "cannot create '" + to + "': parent does not exist");
        }
        SimHost.Dataset clone = host.create(to);
        clone.origin = snap;
        clone.referenced = snap.referenced;
        clone.cipher = dataset.cipher;
        clone.encryptionRoot = dataset.encryptionRoot;
        clone.keyLoaded = dataset.keyLoaded;
        return ok(argv, "");
    }

    /**
     * {@code zfs promote clone} (zfs-promote(8)): the origin's snapshots up to and including the one
     * cloned, and the bookmarks no later, move to the clone with their GUIDs and holds; the former
     * origin becomes a clone of that snapshot and the clone takes over the origin's own origin.
     */
    private CommandResult promote(List<String> argv, List<String> args) {
        String name = args.get(args.size() - 1);
        SimHost.Dataset clone = host.dataset(name);
        if (clone == null) {
            return missing(argv, name);
        }
        SimHost.Dataset parent = clone.origin == null ? null : host.owner(clone.origin);
        if (parent == null) {
            return fail(argv, 1, "cannot promote '" + name + "': not a cloned filesystem");
        }
        int index = parent.snapshots.indexOf(clone.origin);
        List<SimHost.Snap> moving = new ArrayList<>(parent.snapshots.subList(0, index + 1));
        for (SimHost.Snap snap : moving) {
            if (clone.snapshot(snap.name) != null) {
                return fail(argv, 1, "cannot promote '" + name + "': conflicting snapshot '" + snap.name
                        + "' from parent '" + parent.name + "'");
            }
        }
        parent.snapshots.removeAll(moving);
        clone.snapshots.addAll(0, moving);
        List<SimHost.Snap> marks = parent.bookmarks.stream().filter(b -> b.txg <= clone.origin.txg).toList();
        parent.bookmarks.removeAll(marks);
        clone.bookmarks.addAll(marks);
        clone.bookmarks.sort(java.util.Comparator.comparingLong(b -> b.txg));
        SimHost.Snap cloned = clone.origin;
        clone.origin = parent.origin;
        parent.origin = cloned;
        return ok(argv, "");
    }

    private CommandResult create(List<String> argv, List<String> args) {
        Options options = Options.parse(args, "o");
        String name = options.positional.get(0);
        for (String level = name; level != null; level = SimHost.parent(level)) {
            if (SimHost.parent(level) == null && host.dataset(level) == null) {
                return fail(argv, 1, "cannot create '" + name + "': no such pool '" + level + "'");
            }
        }
        List<String> missing = new ArrayList<>();
        for (String level = name; level != null && host.dataset(level) == null; level = SimHost.parent(level)) {
            missing.add(0, level);
        }
        missing.forEach(host::create);
        return ok(argv, "");
    }

    private CommandResult set(List<String> argv, List<String> args) {
        String assignment = args.get(0);
        SimHost.Dataset dataset = host.dataset(args.get(1));
        if (dataset == null) {
            return missing(argv, args.get(1));
        }
        int equals = assignment.indexOf('=');
        dataset.local.put(assignment.substring(0, equals), assignment.substring(equals + 1));
        return ok(argv, "");
    }

    /** {@code zfs recv -A dataset}: the partial state is discarded. */
    private CommandResult abort(List<String> argv, List<String> args) {
        if (!args.get(0).equals("-A")) {
            return fail(argv, 2, "zfs recv is a pipeline stage here, not a command");
        }
        SimHost.Dataset dataset = host.dataset(args.get(1));
        if (dataset == null || dataset.partial == null) {
            return fail(argv, 1, "'" + args.get(1) + "' does not have any resumable receive state to abort");
        }
        host.tokens.remove(dataset.partial.token());
        dataset.partial = null;
        return ok(argv, "");
    }

    /** {@code zfs send -nvPt token}: what the token resumes; {@code zfs send -nP ...}: a stream's size. */
    private CommandResult describeToken(List<String> argv, List<String> args) {
        if (args.get(0).equals("-nP") && !host.old) {
            String to = args.get(args.size() - 1);
            int at = to.indexOf('@');
            SimHost.Dataset dataset = host.dataset(to.substring(0, at));
            if (dataset == null || dataset.snapshot(to.substring(at + 1)) == null) {
                return missing(argv, to);
            }
            return ok(argv, "size\t" + (4096 + dataset.snapshot(to.substring(at + 1)).referenced) + "\n");
        }
        if (!args.get(0).equals("-nvPt")) {
            return fail(argv, 2, "only zfs send -nvPt and -nP are commands here");
        }
        SimHost.Partial partial = host.tokens.get(args.get(1));
        if (partial == null) {
            return fail(argv, 255, "cannot resume send: 'token' is not a valid resume token");
        }
        return ok(argv, "resume token contents:\nnvlist version: 0\n\ttoguid = 0x" + Long.toHexString(partial.toGuid())
                + "\n\ttoname = " + partial.toName() + "\nincremental\t" + partial.toName() + "\t4096\nsize\t4096\n");
    }

    private CommandResult missing(List<String> argv, String name) {
        return fail(argv, 1, "cannot open '" + name + "': " + MISSING);
    }

    static CommandResult ok(List<String> argv, String stdout) {
        return new CommandResult(argv, 0, stdout, "");
    }

    static CommandResult fail(List<String> argv, int status, String stderr) {
        return new CommandResult(argv, status, "", stderr + "\n");
    }

    /** Flags (single letters, combined) and options that take a value, then the positional arguments. */
    static final class Options {
        final java.util.Set<Character> flags = new java.util.HashSet<>();
        final Map<String, String> values = new java.util.HashMap<>();
        final List<String> positional = new ArrayList<>();

        static Options parse(List<String> args, String... withValue) {
            Options options = new Options();
            List<String> valued = List.of(withValue);
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                if (arg.startsWith("-") && arg.length() > 1 && options.positional.isEmpty()) {
                    String letters = arg.substring(1);
                    if (valued.contains(letters)) {
                        options.values.put(letters, args.get(++i));
                    } else {
                        letters.chars().forEach(c -> options.flags.add((char) c));
                    }
                } else {
                    options.positional.add(arg);
                }
            }
            return options;
        }

        boolean flag(char flag) {
            return flags.contains(flag);
        }

        String value(String option) {
            return values.get(option);
        }
    }
}
