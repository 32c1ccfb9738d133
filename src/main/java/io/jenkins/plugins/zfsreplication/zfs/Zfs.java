package io.jenkins.plugins.zfsreplication.zfs;

import io.jenkins.plugins.zfsreplication.text.TerminalText;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The zfs command of one host. Every method builds an argument vector from validated names, runs
 * it through the host's {@link CommandRunner} and turns a failure into a
 * {@link ZfsCommandException} with ZFS's own message. One instance per host and run: it probes
 * the host's capabilities once and keeps them.
 */
public final class Zfs {
    /** Long enough for a listing of a big pool on a busy host; a hung zfs still ends the run. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(30);

    private final CommandRunner runner;
    private final Duration timeout;
    /** Whether the runner reaches another host than the one running this (its clock is another clock). */
    private final boolean anotherHost;
    private CapabilityProbe.Probed probed;
    private String version;

    /** The zfs of this host: where {@code runner} runs is where this program's clock is read. */
    public Zfs(CommandRunner runner) {
        this(runner, DEFAULT_TIMEOUT);
    }

    public Zfs(CommandRunner runner, Duration timeout) {
        this(runner, timeout, false);
    }

    private Zfs(CommandRunner runner, Duration timeout, boolean anotherHost) {
        this.runner = Objects.requireNonNull(runner, "runner");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.anotherHost = anotherHost;
    }

    /** The zfs of another host ({@code runner} reaches it over ssh): its clock is one {@link #remoteTime} asks. */
    public static Zfs onAnotherHost(CommandRunner runner) {
        return new Zfs(runner, DEFAULT_TIMEOUT, true);
    }

    public String host() {
        return runner.host();
    }

    /** The runner zfs commands go through: where commands that belong with them (snapshot hooks) run too. */
    public CommandRunner runner() {
        return runner;
    }

    /**
     * The clock of the host zfs runs on, when that is another host ({@code date -u +%s} there):
     * what it answers is checked (digits, a second since 1970), never trusted for more than a
     * witness. Empty on this host (its clock is the one being judged) or when the host does not
     * answer with a time. Which host it is, is how this zfs was made ({@link #onAnotherHost}), never
     * the runner's name: a host may well be called "local".
     */
    public java.util.Optional<HostTime> remoteTime() {
        if (!anotherHost) {
            return java.util.Optional.empty();
        }
        CommandResult result;
        try {
            result = runner.run(List.of("date", "-u", "+%s"), Duration.ofSeconds(60));
        } catch (ZfsException e) {
            return java.util.Optional.empty();
        }
        String seconds = result.stdout().strip();
        if (!result.succeeded() || !seconds.matches("[0-9]{1,12}")) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new HostTime(runner.host(), Instant.ofEpochSecond(Long.parseLong(seconds))));
    }

    /** The host's capabilities, probed on first use and kept for this instance's life. */
    public synchronized Capabilities capabilities() {
        if (probed == null) {
            probed = CapabilityProbe.probe(runner);
        }
        return probed.capabilities();
    }

    /**
     * The host's zfs version as {@code zfs version} prints it first, asked on first use (what prints
     * it: the probe, a night's check, a Jenkins log), or why there is none (zfs-fuse).
     */
    public synchronized String version() {
        if (version == null) {
            capabilities();
            version = CapabilityProbe.version(runner, probed.versionCommand());
        }
        return version;
    }

    /**
     * Lists every dataset and snapshot (and bookmark, where ZFS has them) under {@code roots} in
     * one zfs call.
     *
     * @param recursive      false: only the roots themselves and their snapshots
     * @param extraProperties further properties per object (user properties such as
     *                        {@code zfs-replication:backup}, {@code userrefs} ...)
     */
    public Listing list(Collection<DatasetName> roots, boolean recursive, List<String> extraProperties) {
        ListingParser parser = new ListingParser(extraProperties);
        checkListable(roots, parser); // before the probe: bad input never costs a zfs call
        boolean parsable = capabilities().has(Feature.PARSABLE_LIST);
        // streamed: the output of a big pool (gigabytes in the get form) never becomes one string
        Listing listing = runner.stream(listCommand(roots, recursive, parser, parsable), timeout,
                output -> parser.read(runner.host(), output, parsable)).orThrow();
        if (recursive) {
            return listing;
        }
        // compared as text: a child whose name this tool refuses (a space) is dropped here, not a failure
        java.util.Set<String> rootNames = new java.util.HashSet<>();
        roots.forEach(root -> rootNames.add(root.name()));
        return new Listing(runner.host(), listing.objects().stream()
                .filter(o -> rootNames.contains(o.datasetName())).toList());
    }

    /**
     * The same one zfs call as {@link #list}, kept as the text zfs printed (deflated): for handing
     * the listing to another host, which parses it there ({@link ListingText#parse()}).
     */
    public ListingText listText(Collection<DatasetName> roots, boolean recursive, List<String> extraProperties) {
        ListingParser parser = new ListingParser(extraProperties);
        checkListable(roots, parser); // before the probe: bad input never costs a zfs call
        boolean parsable = capabilities().has(Feature.PARSABLE_LIST);
        // deflated as it arrives: the text of a big pool never becomes one string here either
        return runner.stream(listCommand(roots, recursive, parser, parsable), timeout,
                output -> ListingText.read(runner.host(), parsable, extraProperties, output)).orThrow();
    }

    /**
     * {@link #listText} of one root, recursively, telling a root that is not there yet from one
     * that cannot be read. A missing root whose parent exists is absent ({@link ListingText#empty}:
     * a new target, nothing under it yet). A missing root whose pool or parent is missing is
     * unreadable ({@link ListingText#unreadable}): an exported pool, a disk gone, another host, a
     * mistyped root; everything under it may well exist, and nothing may be decided as if it did not.
     */
    public ListingText listRootText(DatasetName root, List<String> extraProperties) {
        return listRootText(root, root, extraProperties);
    }

    /**
     * The same, judging a missing {@code root} by {@code readableFrom}, the dataset that must be
     * there or new: the plan's target root when {@code root} lies deeper (a new dataset below a target
     * root that exists, or is new itself, is new), the pool's root where only the pool matters.
     */
    public ListingText listRootText(DatasetName root, DatasetName readableFrom, List<String> extraProperties) {
        try {
            return listText(List.of(root), true, extraProperties);
        } catch (ZfsCommandException e) {
            if (!e.isDatasetMissing()) {
                throw e;
            }
        }
        DatasetName pool = DatasetName.of(root.pool());
        if (!exists(pool)) {
            return ListingText.unreadable(host(), extraProperties, String.format("the pool %s of %s is not on %s"
                    + " (exported, disk gone, or another host?)", pool, readableFrom, host()));
        }
        int slash = readableFrom.name().lastIndexOf('/');
        if (slash >= 0 && !readableFrom.equals(root) && exists(readableFrom)) {
            return ListingText.empty(host(), extraProperties);
        }
        DatasetName parent = slash < 0 ? null : DatasetName.of(readableFrom.name().substring(0, slash));
        if (parent != null && !exists(parent)) {
            return ListingText.unreadable(host(), extraProperties, String.format("the parent %s of %s does not exist on"
                    + " %s: a new target needs it (zfs create -p %s)", parent, readableFrom, host(), parent));
        }
        return ListingText.empty(host(), extraProperties);
    }

    private static void checkListable(Collection<DatasetName> roots, ListingParser parser) {
        if (roots.isEmpty()) {
            throw new ZfsException("Nothing to list: give at least one dataset");
        }
        parser.extraProperties().forEach(Zfs::checkPropertyName);
    }

    private static List<String> listCommand(Collection<DatasetName> roots, boolean recursive, ListingParser parser,
                                            boolean parsable) {
        List<String> command = new ArrayList<>();
        if (parsable) {
            command.addAll(List.of("zfs", "list", "-Hp", "-t", "all", "-o", "name," + parser.propertyList()));
        } else {
            command.addAll(List.of("zfs", "get", "-Hp", "-o", "name,property,value"));
        }
        // -d 1 reaches a root's snapshots; its child datasets are dropped by list()
        command.addAll(recursive ? List.of("-r") : List.of("-d", "1"));
        if (!parsable) {
            command.add(parser.propertyList());
        }
        roots.forEach(root -> command.add(root.name()));
        return command;
    }

    /** Creates a filesystem and any missing parents ({@code zfs create -p}). */
    public void createFilesystem(DatasetName dataset, Map<String, String> properties) {
        List<String> command = new ArrayList<>(List.of("zfs", "create", "-p"));
        properties.forEach((property, value) -> {
            checkPropertyName(property);
            command.add("-o");
            command.add(property + "=" + value);
        });
        command.add(dataset.name());
        run(command);
    }

    /**
     * Takes the {@code snapshots} of each pool in one atomic {@code zfs snapshot} where the host
     * can ({@link Feature#MULTI_SNAPSHOT}): either all of a pool's exist afterwards or none, in one
     * transaction group. One call per pool, in the order the pools first appear: ZFS takes several
     * snapshots at once only within one pool (OpenZFS refuses a call across pools, misleadingly
     * saying "multiple snapshots of same fs not allowed"). A host that takes one snapshot per call
     * (zfs-fuse) gets one call each, in order, stopping at the first failure; use {@code recursive}
     * on a common parent there for atomicity.
     *
     * @param recursive {@code -r}: also snapshot every descendant of each named dataset
     */
    public void snapshot(List<SnapshotName> snapshots, boolean recursive) {
        if (snapshots.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("zfs", "snapshot"));
        if (recursive) {
            command.add("-r");
        }
        if (snapshots.size() == 1 || capabilities().has(Feature.MULTI_SNAPSHOT)) {
            for (List<SnapshotName> pool : byPool(snapshots)) {
                List<String> call = new ArrayList<>(command);
                pool.forEach(snapshot -> call.add(snapshot.toString()));
                run(call);
            }
            return;
        }
        for (SnapshotName snapshot : snapshots) {
            List<String> single = new ArrayList<>(command);
            single.add(snapshot.toString());
            run(single);
        }
    }

    /** The snapshots grouped by pool, pools in order of first appearance, each group in its order. */
    public static List<List<SnapshotName>> byPool(List<SnapshotName> snapshots) {
        Map<String, List<SnapshotName>> pools = new java.util.LinkedHashMap<>();
        snapshots.forEach(snapshot -> pools.computeIfAbsent(snapshot.dataset().pool(), pool -> new ArrayList<>()).add(snapshot));
        return List.copyOf(pools.values());
    }

    /** Sets one property on a dataset or snapshot. */
    public void setProperty(String datasetOrSnapshot, String property, String value) {
        checkPropertyName(property);
        checkObjectName(datasetOrSnapshot);
        run(List.of("zfs", "set", property + "=" + value, datasetOrSnapshot));
    }

    /**
     * Sets one property on each of {@code datasets} in one {@code zfs set P=V ds1 ds2 ...} (another
     * per {@link #MAX_ARGUMENT_BYTES} of names): zfs-fuse and OpenZFS both take several datasets in
     * one set. A failure throws, and which of the datasets took the value is then unknown.
     */
    public void setProperty(List<DatasetName> datasets, String property, String value) {
        checkPropertyName(property);
        for (List<DatasetName> batch : batches(datasets, DatasetName::name)) {
            List<String> command = new ArrayList<>(List.of("zfs", "set", property + "=" + value));
            batch.forEach(dataset -> command.add(dataset.name()));
            run(command);
        }
    }

    /**
     * {@code items} cut into runs whose names, a separator each, stay within {@link
     * #MAX_ARGUMENT_BYTES}: one zfs call each (a longer one would pass Linux's limit for one
     * argument, and the one string ssh hands the remote shell).
     */
    public static <T> List<List<T>> batches(List<T> items, java.util.function.Function<T, String> name) {
        List<List<T>> batches = new ArrayList<>();
        List<T> batch = new ArrayList<>();
        int bytes = 0;
        for (T item : items) {
            int length = name.apply(item).length() + 1;
            if (!batch.isEmpty() && bytes + length > MAX_ARGUMENT_BYTES) {
                batches.add(batch);
                batch = new ArrayList<>();
                bytes = 0;
            }
            batch.add(item);
            bytes += length;
        }
        if (!batch.isEmpty()) {
            batches.add(batch);
        }
        return batches;
    }

    /**
     * {@code zfs inherit property dataset}: the value comes from the dataset's ancestors again,
     * neither a local one nor one received with a stream (that one is kept: {@code inherit -S}
     * brings it back).
     */
    public void inherit(DatasetName dataset, String property) {
        checkPropertyName(property);
        run(List.of("zfs", "inherit", property, dataset.name()));
    }

    /** One property's value as {@code zfs get -Hp} prints it (exact numbers; "-" where it does not apply). */
    public String property(String datasetOrSnapshot, String property) {
        checkPropertyName(property);
        checkObjectName(datasetOrSnapshot);
        return run(List.of("zfs", "get", "-H", "-p", "-o", "value", property, datasetOrSnapshot)).stdout().strip();
    }

    /** {@code zfs load-key -L file://KEY dataset}: loads a raw key or passphrase from a file on this host. */
    public void loadKey(DatasetName dataset, java.nio.file.Path keyFile) {
        run(List.of("zfs", "load-key", "-L", "file://" + keyFile.toAbsolutePath(), dataset.name()));
    }

    /**
     * {@code zfs destroy -r dataset}: the dataset, its children and their snapshots. Only for
     * datasets this project created itself (a restore drill's scratch copy); never forced, so a
     * clone of one of them or a hold makes zfs refuse.
     */
    public void destroyRecursively(DatasetName dataset) {
        run(List.of("zfs", "destroy", "-r", dataset.name()));
    }

    /**
     * Places a hold with {@code tag} on a snapshot ({@code zfs hold}): zfs then refuses to destroy
     * it until every hold is released; nothing forces it.
     *
     * @return false when the snapshot already had a hold with this tag (nothing changed)
     */
    public boolean hold(String tag, SnapshotName snapshot) {
        checkHoldTag(tag);
        CommandResult result = runner.run(List.of("zfs", "hold", tag, snapshot.toString()), timeout);
        if (!result.succeeded() && result.stderr().contains("tag already exists")) {
            return false;
        }
        result.orThrow();
        return true;
    }

    /**
     * Releases the hold with {@code tag} from a snapshot ({@code zfs release}).
     *
     * @return false when the snapshot had no hold with this tag, or no longer exists (nothing changed)
     */
    public boolean release(String tag, SnapshotName snapshot) {
        checkHoldTag(tag);
        CommandResult result = runner.run(List.of("zfs", "release", tag, snapshot.toString()), timeout);
        if (!result.succeeded() && (result.stderr().contains("no such tag")
                || result.stderr().contains("does not exist"))) {
            return false;
        }
        result.orThrow();
        return true;
    }

    /**
     * Places a hold with {@code tag} on each of {@code snapshots} in one {@code zfs hold TAG s1 s2 ...}
     * (another per {@link #MAX_ARGUMENT_BYTES} of names): zfs takes the snapshots one after another and
     * says which failed ({@link #holdFailures}). Every zfs this tool runs on, zfs-fuse and OpenZFS, takes
     * several snapshots in one hold.
     *
     * @return each distinct snapshot's outcome, in the order given: {@code UNCHANGED} when it had the
     *         tag already; a failure is an outcome, never an exception
     */
    public Map<SnapshotName, HoldChange> hold(String tag, List<SnapshotName> snapshots) {
        return holdOrRelease(true, tag, snapshots);
    }

    /**
     * Releases the hold with {@code tag} from each of {@code snapshots} in one {@code zfs release TAG
     * s1 s2 ...}, as {@link #hold(String, List)} places them.
     *
     * @return each distinct snapshot's outcome, in the order given: {@code UNCHANGED} when it had no
     *         hold with this tag or no longer exists
     */
    public Map<SnapshotName, HoldChange> release(String tag, List<SnapshotName> snapshots) {
        return holdOrRelease(false, tag, snapshots);
    }

    private Map<SnapshotName, HoldChange> holdOrRelease(boolean place, String tag, List<SnapshotName> snapshots) {
        checkHoldTag(tag);
        // zfs would fail the second of a name given twice
        List<SnapshotName> distinct = List.copyOf(new java.util.LinkedHashSet<>(snapshots));
        Map<SnapshotName, HoldChange> changes = new java.util.LinkedHashMap<>();
        batches(distinct, SnapshotName::toString).forEach(batch -> changes.putAll(holdBatch(place, tag, batch)));
        return java.util.Collections.unmodifiableMap(changes);
    }

    private Map<SnapshotName, HoldChange> holdBatch(boolean place, String tag, List<SnapshotName> batch) {
        List<String> command = new ArrayList<>(List.of("zfs", place ? "hold" : "release", tag));
        batch.forEach(snapshot -> command.add(snapshot.toString()));
        CommandResult result = runner.run(command, timeout);
        Map<SnapshotName, HoldChange> changes = new java.util.LinkedHashMap<>();
        if (result.succeeded()) {
            batch.forEach(snapshot -> changes.put(snapshot, HoldChange.changed()));
            return changes;
        }
        Map<SnapshotName, String> said = holdFailures(batch, result.stderr().isBlank() ? result.stdout() : result.stderr());
        if (said == null) {
            // a failure that names none of them (no daemon, a refused tag): what happened to each is
            // unknown, so each is asked again alone, and its own answer is its outcome
            batch.forEach(snapshot -> changes.put(snapshot, holdOrReleaseOne(place, tag, snapshot)));
            return changes;
        }
        for (SnapshotName snapshot : batch) {
            String line = said.get(snapshot);
            if (line == null) {
                changes.put(snapshot, HoldChange.changed()); // zfs names every snapshot it failed for
            } else if (place ? line.contains("tag already exists") : line.contains("no such tag")
                    || line.contains("does not exist")) {
                changes.put(snapshot, HoldChange.unchanged());
            } else {
                changes.put(snapshot, HoldChange.failed(new ZfsCommandException(List.of("zfs", place ? "hold"
                        : "release", tag, snapshot.toString()), result.exitStatus(), line).getMessage()));
            }
        }
        return changes;
    }

    /**
     * zfs's line for each snapshot of a failed batch, which names it in quotes ({@code cannot hold
     * 'tank/a@s': tag already exists on this dataset}) or names its dataset ({@code cannot open
     * 'tank/a': dataset does not exist}); null when a line names none of them.
     */
    static Map<SnapshotName, String> holdFailures(List<SnapshotName> batch, String stderr) {
        Map<SnapshotName, String> said = new java.util.HashMap<>();
        for (String line : stderr.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            List<SnapshotName> named = batch.stream().filter(s -> line.contains("'" + s + "'")).toList();
            if (named.isEmpty()) {
                named = batch.stream().filter(s -> line.contains("'" + s.dataset().name() + "'")).toList();
            }
            if (named.isEmpty()) {
                return null;
            }
            named.forEach(snapshot -> said.putIfAbsent(snapshot, line.strip()));
        }
        return said.isEmpty() ? null : said;
    }

    private HoldChange holdOrReleaseOne(boolean place, String tag, SnapshotName snapshot) {
        try {
            boolean changed = place ? hold(tag, snapshot) : release(tag, snapshot);
            return changed ? HoldChange.changed() : HoldChange.unchanged();
        } catch (ZfsException e) {
            return HoldChange.failed(e.getMessage());
        }
    }

    /** A hold's tag: what this tool names its holds, never an option or something a shell would expand. */
    public static void checkHoldTag(String tag) {
        if (!tag.matches("[a-z0-9][a-z0-9_.:-]{0,127}")) {
            throw new ZfsException("Invalid hold tag '%s': lower-case letters, digits, '_', '.', ':' and '-', at most"
                    + " 128, starting with a letter or digit", tag);
        }
    }

    /**
     * Bookmarks {@code snapshot} under the same short name ({@code zfs bookmark ds@s ds#s}): the
     * bookmark keeps the snapshot's GUID and creation txg after the snapshot itself is destroyed,
     * which is enough to send an incremental from it ({@code zfs send -i ds#s}).
     *
     * @return false when the dataset already has a bookmark of that name (nothing changed)
     */
    public boolean bookmark(SnapshotName snapshot) {
        CommandResult result = runner.run(List.of("zfs", "bookmark", snapshot.toString(), bookmarkName(snapshot)),
                timeout);
        if (!result.succeeded() && result.stderr().contains("bookmark exists")) {
            return false;
        }
        result.orThrow();
        return true;
    }

    /**
     * Destroys one bookmark ({@code zfs destroy ds#name}; zfs takes one per call).
     *
     * @param bookmark the dataset and the bookmark's short name
     * @return false when there was no such bookmark (nothing changed)
     */
    public boolean destroyBookmark(SnapshotName bookmark) {
        CommandResult result = runner.run(List.of("zfs", "destroy", bookmarkName(bookmark)), timeout);
        if (!result.succeeded() && result.stderr().contains("does not exist")) {
            return false;
        }
        result.orThrow();
        return true;
    }

    /** {@code ds#name} for the dataset and short name of {@code named}: a bookmark's full name. */
    public static String bookmarkName(SnapshotName named) {
        return named.dataset().name() + "#" + named.snapshot();
    }

    /**
     * The target's {@code receive_resume_token}: present after an interrupted {@code zfs recv -s}.
     * Empty when there is none, the dataset does not exist, or ZFS has no resumable receive.
     */
    public java.util.Optional<String> receiveResumeToken(DatasetName dataset) {
        return java.util.Optional.ofNullable(receiveResumeTokens(List.of(dataset)).get(dataset));
    }

    /**
     * The {@code receive_resume_token} of each of {@code datasets} that has one, in one
     * {@code zfs get} call; datasets that do not exist have none. Empty without resumable receive.
     */
    public Map<DatasetName, String> receiveResumeTokens(Collection<DatasetName> datasets) {
        if (datasets.isEmpty() || !capabilities().has(Feature.RESUME_TOKENS)) {
            return Map.of();
        }
        List<String> command = new ArrayList<>(List.of("zfs", "get", "-H", "-o", "name,value", "receive_resume_token"));
        datasets.forEach(dataset -> command.add(dataset.name()));
        CommandResult result = runner.run(command, timeout);
        // zfs get names each missing dataset on stderr, prints the others and exits 1
        if (!result.succeeded() && !ZfsCommandException.saysDatasetMissing(result.stderr())) {
            result.orThrow();
        }
        Map<DatasetName, String> tokens = new java.util.LinkedHashMap<>();
        for (String line : result.stdout().split("\n")) {
            String[] fields = line.split("\t");
            if (fields.length == 2 && !fields[1].isBlank() && !"-".equals(fields[1].strip())) {
                tokens.put(DatasetName.of(fields[0]), fields[1].strip());
            }
        }
        return tokens;
    }

    /**
     * Where {@code properties} (user properties) of the datasets under {@code roots} are set, in
     * two small {@code zfs get} calls whatever the number of datasets: every dataset in the
     * subtrees that has one set locally or received with a stream ({@code -s local,received}), and
     * what each root inherits from above it ({@code -s inherited}, the roots alone), and, when a root
     * inherits one, a third for whether that ancestor has it set or received. Asking
     * {@code -s inherited} recursively would print a line for every snapshot, as snapshots inherit
     * user properties too.
     */
    public PropertyOrigins propertyOrigins(Collection<DatasetName> roots, boolean recursive, List<String> properties) {
        if (roots.isEmpty() || properties.isEmpty()) {
            return PropertyOrigins.UNKNOWN;
        }
        properties.forEach(Zfs::checkPropertyName);
        java.util.Set<String> asked = java.util.Set.copyOf(properties);
        PropertyOrigins.Builder origins = new PropertyOrigins.Builder();
        // local and received: a received value is another host's setting (a cascade's copy), never this one's
        List<String> local = new ArrayList<>(List.of("zfs", "get", "-H", "-s", "local,received", "-o",
                "name,property,source"));
        if (recursive) {
            local.add("-r");
        }
        local.add(String.join(",", properties));
        roots.forEach(root -> local.add(root.name()));
        run(local).stdout().lines().filter(line -> !line.isEmpty()).forEach(line -> origins.local(line, asked));
        List<String> inherited = new ArrayList<>(List.of("zfs", "get", "-H", "-s", "inherited", "-o",
                "name,property,source", String.join(",", properties)));
        roots.forEach(root -> inherited.add(root.name()));
        run(inherited).stdout().lines().filter(line -> !line.isEmpty()).forEach(line -> origins.inherited(line, asked));
        java.util.Collection<String> above = origins.inheritedFrom();
        if (!above.isEmpty()) {
            // what the roots inherit from is set there, or received there
            List<String> sources = new ArrayList<>(List.of("zfs", "get", "-H", "-s", "local,received", "-o",
                    "name,property,source", String.join(",", properties)));
            above.forEach(sources::add);
            run(sources).stdout().lines().filter(line -> !line.isEmpty()).forEach(line -> origins.local(line, asked));
        }
        return origins.build();
    }

    /**
     * The value of {@code property} set on each of {@code datasets} itself ({@code zfs get -s local}),
     * in one call: not inherited, not received with a stream. Datasets without it, or that do not
     * exist, are left out.
     */
    public Map<DatasetName, String> localValues(Collection<DatasetName> datasets, String property) {
        checkPropertyName(property);
        if (datasets.isEmpty()) {
            return Map.of();
        }
        List<String> command = new ArrayList<>(List.of("zfs", "get", "-H", "-s", "local", "-o", "name,value", property));
        datasets.forEach(dataset -> command.add(dataset.name()));
        CommandResult result = runner.run(command, timeout);
        if (!result.succeeded() && !ZfsCommandException.saysDatasetMissing(result.stderr())) {
            result.orThrow();
        }
        Map<DatasetName, String> values = new java.util.LinkedHashMap<>();
        for (String line : result.stdout().split("\n")) {
            String[] fields = line.split("\t", 2);
            if (fields.length == 2) {
                values.put(DatasetName.of(fields[0]), fields[1]);
            }
        }
        return values;
    }

    /** {@code zfs recv -A}: discards the partial state of an interrupted resumable receive. */
    public void abortReceive(DatasetName dataset) {
        run(List.of("zfs", "recv", "-A", dataset.name()));
    }

    /**
     * What a resume token resumes, as {@code zfs send -nvPt} prints it: an nvlist with toguid,
     * toname ..., then the size of the rest of the stream ({@link #resumeSizeEstimate}). Fails
     * when the source can no longer resume it (its snapshot is gone).
     */
    public String describeResumeToken(String token) {
        if (!token.matches("[0-9a-zA-Z-]+")) {
            throw new ZfsException("Invalid resume token '%s'", token);
        }
        CommandResult result = run(List.of("zfs", "send", "-nvPt", token));
        return result.stdout() + result.stderr();
    }

    /**
     * The bytes a resumed stream still sends, from {@link #describeResumeToken}'s text (its
     * {@code size} line); -1 when the text has none (a zfs that prints only the human estimate).
     */
    public static long resumeSizeEstimate(String description) {
        try {
            return parseSendSizeEstimate(description);
        } catch (ZfsException e) {
            return -1;
        }
    }

    /**
     * Whether a filesystem or volume exists: one {@code zfs list} of that name alone, none of its
     * snapshots. Any failure but "does not exist" is ZFS's error, not a no.
     */
    public boolean exists(DatasetName dataset) {
        CommandResult result = runner.run(List.of("zfs", "list", "-H", "-o", "name", dataset.name()), timeout);
        if (result.succeeded()) {
            return true;
        }
        if (ZfsCommandException.saysDatasetMissing(result.stderr())) {
            return false;
        }
        result.orThrow();
        return false;
    }

    /** Unmounts a file system if it is mounted ({@code zfs get mounted}, then {@code zfs unmount}). */
    public void unmount(DatasetName dataset) {
        String mounted = run(List.of("zfs", "get", "-H", "-o", "value", "mounted", dataset.name())).stdout().strip();
        if ("yes".equals(mounted)) {
            run(List.of("zfs", "unmount", dataset.name()));
        }
    }

    /** Runs an argument vector that starts with "zfs", failing with ZFS's message when it fails. */
    CommandResult run(List<String> command) {
        return runner.run(command, timeout).orThrow();
    }

    static void checkObjectName(String name) {
        if (name.indexOf('@') >= 0) {
            SnapshotName.parse(name);
        } else {
            DatasetName.of(name);
        }
    }

    /** A native or user property name, as zfs accepts it after -o; refused with one line otherwise. */
    public static void checkPropertyName(String property) {
        if (!property.matches("[a-z][a-z0-9_]*(:[a-z0-9_.:+-]*)?|[a-z0-9_.+-]+:[a-z0-9_.:+-]*")) {
            throw new ZfsException("Invalid ZFS property name '%s'", TerminalText.line(property));
        }
    }

    /**
     * Destroys snapshots of one dataset: in batches of {@code zfs destroy ds@a,b,c} where the host
     * can ({@link Feature#BATCH_DESTROY}), one call each elsewhere. Never {@code -R} or {@code -d}:
     * a snapshot with clones or holds makes zfs refuse, and that refusal is reported, not forced.
     * Batches are cut so that no argument grows past {@link #MAX_ARGUMENT_BYTES}.
     *
     * @return the snapshots destroyed, in order; the first failure ends the call with a
     *         {@link ZfsCommandException} (earlier batches stay destroyed)
     */
    public List<SnapshotName> destroySnapshots(DatasetName dataset, List<String> snapshots) {
        List<SnapshotName> names = snapshots.stream().map(dataset::snapshot).toList();
        List<SnapshotName> destroyed = new ArrayList<>();
        boolean batch = capabilities().has(Feature.BATCH_DESTROY);
        int start = 0;
        while (start < names.size()) {
            int end = start + 1;
            if (batch) {
                int length = names.get(start).toString().length();
                while (end < names.size() && length + 1 + names.get(end).snapshot().length() <= MAX_ARGUMENT_BYTES) {
                    length += 1 + names.get(end).snapshot().length();
                    end++;
                }
            }
            StringBuilder argument = new StringBuilder(names.get(start).toString());
            names.subList(start + 1, end).forEach(name -> argument.append(',').append(name.snapshot()));
            run(List.of("zfs", "destroy", argument.toString()));
            destroyed.addAll(names.subList(start, end));
            start = end;
        }
        return destroyed;
    }

    /**
     * Destroys a filesystem that has neither snapshots nor children: plain {@code zfs destroy}, never
     * {@code -r}, so zfs itself refuses when there is more than the empty dataset. For discarding
     * what a failed full receive left behind.
     */
    public void destroyEmptyFilesystem(DatasetName dataset) {
        run(List.of("zfs", "destroy", dataset.name()));
    }

    /**
     * The snapshots of {@code pools} that have a clone anywhere on them, each with its clones: one
     * {@code zfs list -o name,origin} of every file system and volume. A clone outside what a run
     * lists (a file restored from a copy's snapshot, as docs/howto/restore.md does it) still makes
     * zfs refuse to destroy its origin.
     */
    public Map<String, List<String>> clonesOnPools(Collection<String> pools) {
        if (pools.isEmpty()) {
            return Map.of();
        }
        List<String> command = new ArrayList<>(List.of("zfs", "list", "-H", "-o", "name,origin", "-t",
                "filesystem,volume", "-r"));
        pools.stream().distinct().forEach(pool -> command.add(DatasetName.of(pool).name()));
        Map<String, List<String>> clones = new java.util.TreeMap<>();
        for (String line : run(command).stdout().split("\n")) {
            int tab = line.indexOf('\t');
            if (tab > 0 && line.indexOf('@', tab) > tab) {
                clones.computeIfAbsent(line.substring(tab + 1).strip(), origin -> new ArrayList<>())
                        .add(line.substring(0, tab));
            }
        }
        clones.replaceAll((origin, names) -> List.copyOf(names));
        return java.util.Collections.unmodifiableMap(clones);
    }

    /** {@code zfs rename from to}: a dataset with its snapshots and children, on the same pool. */
    public void rename(DatasetName from, DatasetName to) {
        run(renameCommand(from, to));
    }

    /** The argument vector of {@link #rename}, for messages that name what would run. */
    public static List<String> renameCommand(DatasetName from, DatasetName to) {
        return List.of("zfs", "rename", from.name(), to.name());
    }

    /** {@code zfs clone -o ... snapshot dataset}: a writable dataset sharing {@code snapshot}'s blocks. */
    public void clone(SnapshotName snapshot, DatasetName clone, Map<String, String> properties) {
        run(cloneCommand(snapshot, clone, properties));
    }

    /** The argument vector of {@link #clone}. */
    public static List<String> cloneCommand(SnapshotName snapshot, DatasetName clone, Map<String, String> properties) {
        List<String> command = new ArrayList<>(List.of("zfs", "clone"));
        properties.forEach((property, value) -> {
            checkPropertyName(property);
            command.add("-o");
            command.add(property + "=" + value);
        });
        command.add(snapshot.toString());
        command.add(clone.name());
        return command;
    }

    /**
     * {@code zfs promote clone}: the clone takes over its origin's snapshots up to the origin (their
     * GUIDs and holds with them); the former parent keeps the later ones, a clone of the origin now.
     */
    public void promote(DatasetName clone) {
        run(promoteCommand(clone));
    }

    /** The argument vector of {@link #promote}. */
    public static List<String> promoteCommand(DatasetName clone) {
        return List.of("zfs", "promote", clone.name());
    }

    /**
     * Rolls {@code dataset} back to {@code snapshot}; with {@code destroyNewer} ({@code -r}) the
     * snapshots taken after it are destroyed, which a diverged target needs before an incremental
     * receive from {@code snapshot}.
     */
    public void rollback(SnapshotName snapshot, boolean destroyNewer) {
        run(rollbackCommand(snapshot, destroyNewer));
    }

    /** The argument vector of {@link #rollback}, for dry runs that print what would run. */
    public static List<String> rollbackCommand(SnapshotName snapshot, boolean destroyNewer) {
        return destroyNewer ? List.of("zfs", "rollback", "-r", snapshot.toString())
                : List.of("zfs", "rollback", snapshot.toString());
    }

    /**
     * The size of a send stream as {@code zfs send -nP} estimates it, or -1 where the host cannot
     * estimate ({@link Feature#SEND_SIZE_ESTIMATE} missing, as on zfs-fuse).
     *
     * @param from  the incremental base, null for a full stream
     * @param range {@code -I} (every snapshot between) instead of {@code -i}
     */
    public long estimateSendSize(SnapshotName from, SnapshotName to, boolean range) {
        return estimateSendSize(from == null ? null : from.toString(), to, range);
    }

    /** The same from a bookmark ({@code -i ds#name}): {@code fromBookmark} names the dataset and bookmark. */
    public long estimateSendSizeFromBookmark(SnapshotName fromBookmark, SnapshotName to) {
        return estimateSendSize(bookmarkName(fromBookmark), to, false);
    }

    private long estimateSendSize(String from, SnapshotName to, boolean range) {
        if (!capabilities().has(Feature.SEND_SIZE_ESTIMATE)) {
            return -1;
        }
        List<String> command = new ArrayList<>(List.of("zfs", "send", "-nP"));
        if (from != null) {
            command.add(range ? "-I" : "-i");
            command.add(from);
        }
        command.add(to.toString());
        CommandResult result = run(command);
        // OpenZFS prints the -P lines on stdout (older releases on stderr)
        return parseSendSizeEstimate(result.stdout() + "\n" + result.stderr());
    }

    /**
     * Parses {@code zfs send -nP} output: "full\t<snap>\t<bytes>" or
     * "incremental\t<from>\t<to>\t<bytes>" per stream, then "size\t<total bytes>".
     */
    static long parseSendSizeEstimate(String output) {
        long sum = 0;
        boolean any = false;
        for (String line : output.split("\n")) {
            String[] fields = line.strip().split("\t");
            try {
                if (fields[0].equals("size") && fields.length == 2) {
                    return Long.parseLong(fields[1]);
                }
                if ((fields[0].equals("full") && fields.length == 3)
                        || (fields[0].equals("incremental") && fields.length == 4)) {
                    sum += Long.parseLong(fields[fields.length - 1]);
                    any = true;
                }
            } catch (NumberFormatException e) {
                throw new ZfsException("Cannot read the size estimate of zfs send -nP from '%s'", line);
            }
        }
        if (!any) {
            throw new ZfsException("zfs send -nP printed no size estimate: %s", output.strip());
        }
        return sum;
    }

    /**
     * Parses a listing that zfs printed elsewhere (a file, another tool): {@code zfs list -Hp -t all
     * -o name,type,guid,createtxg,creation,used,referenced[,extra...]} when {@code listForm}, else
     * {@code zfs get -Hp -o name,property,value} of the same properties. For benchmarks and
     * offline planning; live listings come from {@link #list}.
     */
    public static Listing parseListing(String host, String output, boolean listForm, List<String> extraProperties) {
        return parseListing(host, new java.io.ByteArrayInputStream(output.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                listForm, extraProperties);
    }

    /** The same, read from a stream of zfs's output (UTF-8) to its end, as it arrives; the caller closes it. */
    public static Listing parseListing(String host, java.io.InputStream output, boolean listForm,
                                       List<String> extraProperties) {
        extraProperties.forEach(Zfs::checkPropertyName);
        return new ListingParser(extraProperties).read(host, output, listForm);
    }

    /** The properties a listing holds before the extra ones, in the order of the list form's columns. */
    public static List<String> coreListingProperties() {
        return ListingParser.CORE_PROPERTIES;
    }

    /**
     * Bytes of arguments per zfs call: below Linux's 128 KiB limit for one argument
     * (MAX_ARG_STRLEN), which also bounds the one string ssh hands the remote shell.
     */
    public static final int MAX_ARGUMENT_BYTES = 100_000;
}
