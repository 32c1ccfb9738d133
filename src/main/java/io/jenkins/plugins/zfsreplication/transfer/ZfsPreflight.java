package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.files.InterruptCleared;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.ObjectType;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsCommandException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * Before each step: the snapshots the step names still exist with the plan's GUIDs (the base on
 * both hosts, the new one on the source), and a resume token on the target is either used
 * (it resumes this step's snapshot) or aborted with {@code zfs recv -A} (it is stale). A dataset's
 * first step of a run checks against each host's listing taken once when the run starts (one zfs
 * call per host, {@link #startRun}); its later steps, and a step tried again, list their datasets
 * again. Between the run's start and the step only this run changes these datasets' snapshots (the
 * night prunes before), and zfs itself refuses an incremental whose base differs: {@code zfs recv}
 * takes a stream only onto a snapshot with the stream's base GUID. What the listing at the start
 * cannot see is a snapshot destroyed and made again under the same name on the source in between:
 * the step then sends the new one (its GUID is the one the target and the next plan see).
 */
public final class ZfsPreflight implements Preflight {
    private static final long SETTLE_MILLIS = 20_000;
    private static final long PARTIAL_MILLIS = 5_000;
    private static final List<String> ABSENT = List.of("absent");
    private final Zfs source;
    private final Zfs target;
    private final ResumeTokens targetTokens;
    private final boolean createParents;
    private final boolean allowRollback;
    private final SnapshotNaming history;
    private final StepResume resumes;
    private final java.util.Map<DatasetName, List<String>> before = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile Set<DatasetName> planned = Set.of();
    /**
     * Each host's snapshots of the run's datasets as listed when the run started, by dataset; a
     * dataset's first step takes (removes) its own, so a later step or a step tried again lists
     * again. Empty where the listing at the start failed: each step then lists, and fails, itself.
     */
    private final java.util.Map<DatasetName, Listing> sourceAtStart = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.Map<DatasetName, Listing> targetAtStart = new java.util.concurrent.ConcurrentHashMap<>();
    /** The sources' listing made just before the run ({@link #sourceListed}), taken once by {@link #startRun}. */
    private volatile Listing sourceListed;
    /**
     * The targets a step of this run received into: they exist, so a full step below one needs no
     * {@code zfs list} of its parent (one a dataset on a first night). Were one destroyed since, zfs
     * recv itself refuses the stream for want of its parent.
     */
    private final Set<DatasetName> receivedInto = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** The targets of the run's full steps: none of their ancestors' checks waits for the run's end. */
    private volatile Set<DatasetName> created = Set.of();
    /** The checks after a receive left to the run's end ({@link #receivedLater}), by target. */
    private final java.util.Map<DatasetName, Later> later = new java.util.concurrent.ConcurrentHashMap<>();
    /** What those steps delivered: by target, each snapshot's name and the GUID the plan gave it. */
    private final java.util.Map<DatasetName, java.util.Map<String, Long>> delivered =
            new java.util.concurrent.ConcurrentHashMap<>();
    /**
     * The chains' send flags as the run's targets had them recorded when the run started (one zfs get
     * for all of them); a target whose chain a step of this run starts anew (a full receive records
     * its flags) is dropped from it and read again at its next step.
     */
    private final java.util.Map<DatasetName, String> chainFlags = new java.util.concurrent.ConcurrentHashMap<>();
    /** The chains this run started that {@link #receivedAll} records ({@link ChainFlags#recordedAfterRun}). */
    private final java.util.Map<DatasetName, String> unrecorded = new java.util.concurrent.ConcurrentHashMap<>();
    /** The run's targets as listed after its last receive ({@link #targetListedAfterRun}), or null. */
    private volatile ListedAfterRun afterRun;

    /**
     * Either side may be null when that side runs on another host: each host then checks its own
     * snapshots (({@code transfer.tcp.ReceiveServer}) the target's). Resuming needs both: the receiving side alone
     * only discards a token that the sender did not resume (see {@link #sendingSide}).
     */
    public ZfsPreflight(Zfs source, Zfs target) {
        this(source, target, null);
    }

    private ZfsPreflight(Zfs source, Zfs target, ResumeTokens targetTokens) {
        this(source, target, targetTokens, false);
    }

    private ZfsPreflight(Zfs source, Zfs target, ResumeTokens targetTokens, boolean createParents) {
        this(source, target, targetTokens, createParents, false);
    }

    private ZfsPreflight(Zfs source, Zfs target, ResumeTokens targetTokens, boolean createParents,
                         boolean allowRollback) {
        this(source, target, targetTokens, createParents, allowRollback, null);
    }

    private ZfsPreflight(Zfs source, Zfs target, ResumeTokens targetTokens, boolean createParents,
                         boolean allowRollback, SnapshotNaming history) {
        this.source = source;
        this.target = target;
        this.targetTokens = targetTokens;
        this.createParents = createParents;
        this.allowRollback = allowRollback;
        this.history = history;
        this.resumes = new StepResume(source, target, targetTokens);
    }

    /**
     * These checks, creating a full send's missing target parents when {@code create} (each with
     * {@code canmount=off}: a dataset made only to hold backups mounts over nothing); without it a
     * missing parent stops the step with a clear error.
     */
    public ZfsPreflight creatingParents(boolean create) {
        return new ZfsPreflight(source, target, targetTokens, create, allowRollback, history);
    }

    /**
     * These checks, running the rollbacks a plan names ({@code zfs rollback -r} to the base, then
     * {@code zfs recv -F}) only when {@code allow}: the receiving side's own consent. Without it a
     * step that rolls back is refused before anything is sent or destroyed: plan.json is a file,
     * made elsewhere (on the source's agent, by a hostile source) as easily as here.
     */
    public ZfsPreflight allowingRollback(boolean allow) {
        return new ZfsPreflight(source, target, targetTokens, createParents, allow, history);
    }

    /**
     * These checks, where the plan comes from another host (the source's, over tcp): a rollback it
     * names may discard the target's changes and its snapshots outside {@code naming}, never a
     * snapshot of {@code naming}. Those are the copy's history; a source that lost them (or lies)
     * cannot have the target destroy them, whatever this side allows; a person can, by hand.
     */
    public ZfsPreflight keepingHistory(SnapshotNaming naming) {
        return new ZfsPreflight(source, target, targetTokens, createParents, allowRollback,
                java.util.Objects.requireNonNull(naming, "naming"));
    }

    /**
     * The sending side when the target is on another host: its resume tokens were read there before
     * the run ({@code targetTokens}). A step whose token resumes it becomes a RESUME step; a stale
     * token is logged as today and left to the receiving side, which runs {@code zfs recv -A} when
     * the step arrives from its start. Each dataset's token is used once (its first step).
     */
    public static ZfsPreflight sendingSide(Zfs source, ResumeTokens targetTokens) {
        return new ZfsPreflight(source, null, java.util.Objects.requireNonNull(targetTokens, "targetTokens"));
    }

    @Override
    public void settle(SendStep step, Set<SendOption> used, TransferOptions options, Consumer<String> log) {
        settleTarget(step, used, log);
        if (target != null) {
            // a stream can fail on purpose after it created datasets: what it left must be made safe all the same
            InterruptCleared.run(() -> {
                try {
                    ReceivedProperties.check(target, step.target(), step.from() == null, planned, options,
                            "what the failed step left made safe", log);
                } catch (TransferException e) {
                    log.accept(e.getMessage());
                }
            });
        }
    }

    private void settleTarget(SendStep step, Set<SendOption> used, Consumer<String> log) {
        List<String> expected = target == null ? null : before.remove(step.target());
        if (expected == null || used.contains(SendOption.RESUMABLE)) {
            return; // a resumable receive keeps its partial state on purpose
        }
        // A cancel interrupts this thread, and an interrupted thread can neither sleep nor run zfs:
        // wait (bounded) with the flag cleared, then set it again for the caller.
        boolean interrupted = Thread.interrupted();
        // zfs-fuse discards a partial new dataset within a second or two when it discards it at all
        long deadline = System.currentTimeMillis() + (expected.equals(ABSENT) ? PARTIAL_MILLIS : SETTLE_MILLIS);
        List<String> now;
        try {
            now = state(step.target());
            while (!now.equals(expected) && System.currentTimeMillis() < deadline) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
                now = state(step.target());
            }
        } catch (ZfsException e) {
            // what the target holds now is unknown: nothing may be discarded on a guess
            log.accept(String.format("%s: could not list the target after the failed step (%s); nothing was "
                    + "discarded: check it before the next run", step.target(), e.getMessage()));
            return;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (!now.equals(expected) && expected.equals(ABSENT) && now.size() == 1) {
            now = discardPartialReceive(step.target(), log);
        }
        if (now == null) {
            return;
        }
        if (!now.equals(expected)) {
            log.accept(String.format("%s: after the failed step the target still differs from before it (%s, was %s): "
                    + "check it before the next run", step.target(), now, expected));
        }
    }

    /**
     * zfs-fuse sometimes keeps the dataset a killed full receive created (seen when two receives are
     * cancelled at once). It did not exist before the step and holds no snapshot, so it holds
     * nothing but the partial stream: destroyed, and the destroy is logged.
     */
    private List<String> discardPartialReceive(DatasetName dataset, Consumer<String> log) {
        InterruptCleared.run(() -> {
            try {
                target.destroyEmptyFilesystem(dataset);
                log.accept(String.format("%s: discarded the partial receive: zfs destroy %s (the dataset did not"
                        + " exist before the step and holds no snapshot)", dataset, dataset));
            } catch (ZfsException e) {
                log.accept(String.format("%s: could not discard the partial receive: %s", dataset, e.getMessage()));
            }
        });
        return stateUninterrupted(dataset, log);
    }

    /** The target's state, or null (said in the log) when it cannot be listed. */
    private List<String> stateUninterrupted(DatasetName dataset, Consumer<String> log) {
        return InterruptCleared.call(() -> {
            try {
                return state(dataset);
            } catch (ZfsException e) {
                log.accept(String.format("%s: could not list the target after discarding (%s): check it before the"
                        + " next run", dataset, e.getMessage()));
                return null;
            }
        });
    }

    /**
     * The target's snapshots by name and GUID, or ["absent"] when zfs says the dataset does not
     * exist: what "as before" compares. Any other failure of zfs is thrown: taken for "absent", it
     * made the cleanup after a failed step destroy a target that was there all along.
     */
    private List<String> state(DatasetName dataset) {
        try {
            return stateOf(target.list(List.of(dataset), false, List.of()));
        } catch (ZfsCommandException e) {
            if (e.isDatasetMissing()) {
                return ABSENT;
            }
            throw e;
        }
    }

    private static List<String> stateOf(Listing listing) {
        return listing.objects().stream().map(o -> o.name() + " " + o.guidText()).toList();
    }

    /**
     * The run's targets: the properties each one received are checked by its own steps ({@link
     * ReceivedProperties}). Each host's datasets are listed here once: the sources of every step,
     * the targets of the incremental ones (a full step's target is new).
     */
    @Override
    public void startRun(io.jenkins.plugins.zfsreplication.plan.ReplicationPlan plan) {
        planned = plan.steps().stream().map(SendStep::target).collect(java.util.stream.Collectors.toUnmodifiableSet());
        chainFlags.clear();
        sourceAtStart.clear();
        targetAtStart.clear();
        later.clear();
        delivered.clear();
        receivedInto.clear();
        unrecorded.clear();
        afterRun = null;
        created = plan.steps().stream().filter(step -> step.from() == null).map(SendStep::target)
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
        if (source != null) {
            List<DatasetName> sources = plan.steps().stream().map(SendStep::source).toList();
            Listing listed = sourceListed;
            sourceListed = null;
            sourceAtStart.putAll(listed != null ? byDataset(listed, sources) : listAtStart(source, sources));
        }
        if (target != null) {
            targetAtStart.putAll(listAtStart(target, plan.steps().stream().filter(step -> step.from() != null)
                    .map(SendStep::target).toList()));
        }
        if (target != null && source != null) {
            // a chain this run starts has nothing recorded yet: its full step says its flags
            List<DatasetName> continued = plan.steps().stream().filter(step -> step.from() != null)
                    .map(SendStep::target).filter(dataset -> !created.contains(dataset)).distinct().toList();
            try {
                chainFlags.putAll(target.localValues(continued, ChainFlags.PROPERTY));
            } catch (ZfsException e) {
                // each step reads its chain's flags itself, and fails there with zfs's message
            }
        }
    }

    @Override
    public void sourceListed(Listing listing) {
        sourceListed = listing;
    }

    /**
     * {@code datasets}, each to its own objects, from one recursive listing of the topmost of them;
     * empty when that listing fails (a dataset gone, a host unreachable): the steps then list
     * themselves, and say what failed, as each would have.
     */
    private static java.util.Map<DatasetName, Listing> listAtStart(Zfs zfs, List<DatasetName> datasets) {
        Set<DatasetName> wanted = new java.util.LinkedHashSet<>(datasets);
        List<DatasetName> tops = wanted.stream().filter(dataset -> wanted.stream()
                .noneMatch(other -> !other.equals(dataset) && dataset.isSelfOrDescendantOf(other))).toList();
        if (tops.isEmpty() || tops.stream().mapToInt(top -> top.name().length() + 1).sum() > Zfs.MAX_ARGUMENT_BYTES) {
            return java.util.Map.of();
        }
        try {
            return byDataset(zfs.list(tops, true, List.of()), datasets);
        } catch (ZfsException e) {
            return java.util.Map.of();
        }
    }

    /** {@code datasets}, each to its own objects in {@code all}; a dataset {@code all} does not hold lists itself. */
    private static java.util.Map<DatasetName, Listing> byDataset(Listing all, List<DatasetName> datasets) {
        Set<DatasetName> wanted = new java.util.LinkedHashSet<>(datasets);
        java.util.Map<String, List<ZfsObject>> byDataset = new java.util.HashMap<>();
        for (ZfsObject object : all.objects()) {
            byDataset.computeIfAbsent(object.datasetName(), name -> new java.util.ArrayList<>()).add(object);
        }
        java.util.Map<DatasetName, Listing> listings = new java.util.HashMap<>();
        for (DatasetName dataset : wanted) {
            List<ZfsObject> objects = byDataset.get(dataset.name());
            if (objects != null) {
                listings.put(dataset, new Listing(all.host(), objects));
            }
        }
        return listings;
    }

    /**
     * After a step received well: what it left at and below its target may neither mount over the
     * backup host's paths, nor mount at boot, nor share, nor run setuid programs or devices, and
     * what it created is left unmounted and read-only ({@link ReceivedProperties}). A mounted,
     * writable copy changes under the next receive: zfs mounting a child inside it reads (atime) or
     * creates its mount point directory, an admin looking at files updates their atime, and any of
     * it makes the next run find the copy diverged. With these properties an admin can still
     * {@code zfs mount} it and read, without changing it.
     */
    @Override
    public void received(SendStep step, Set<SendOption> used, TransferOptions options, Consumer<String> log) {
        if (target != null) {
            receivedInto.add(step.target());
            ReceivedProperties.check(target, step.target(), step.from() == null, planned, options,
                    "received file system left unmounted", log);
            if (step.from() == null) {
                chainFlags.remove(step.target()); // a new chain: what was read at the start is not its record
                recordChain(step, used);
            }
        }
    }

    /**
     * A step's check waits for the run's end, batched with the others' (three zfs calls for the run
     * instead of three a step), unless a full step of the run receives below its target: that
     * receive may mount a new file system (zfs-fuse has no {@code recv -u}), which must not inherit
     * a mount point or share the stream set, so the check is made at once, as the child waits for
     * its parent's first step ({@link ParentsFirst}). With {@code recv -u} nothing of the run is
     * mounted, and the run's last receive is before anything mounts. Without it (zfs-fuse) zfs recv
     * mounts what it receives as it arrives, before any check, now as before: a new file system, or a
     * copy whose mount point the stream changed (it mounts nothing else: the copies are left
     * unmounted, {@code canmount=noauto}); that stays mounted until the run's last receive instead
     * of its step's end, then the check unmounts it. A full step's chain flags are recorded with the
     * checks where its receive cannot record them itself ({@link ChainFlags#recordedAfterRun}).
     */
    @Override
    public boolean receivedLater(SendStep step, Set<SendOption> used, TransferOptions options, Consumer<String> log) {
        if (target == null || created.stream().anyMatch(full -> !full.equals(step.target())
                && full.isSelfOrDescendantOf(step.target()))) {
            return false;
        }
        boolean full = step.from() == null;
        receivedInto.add(step.target());
        later.merge(step.target(), new Later(full, log), (was, now) -> new Later(was.created() || full, log));
        if (step.to().guid() != 0) {
            delivered.computeIfAbsent(step.target(), dataset -> new java.util.concurrent.ConcurrentHashMap<>())
                    .put(step.to().name(), step.to().guid());
        }
        if (full && ChainFlags.recordedAfterRun(step, source, target)) {
            // read from here by a later step of this run; recorded on the target with the others' at the run's end
            chainFlags.put(step.target(), ChainFlags.format(used));
            unrecorded.put(step.target(), ChainFlags.format(used));
        } else if (full) {
            chainFlags.remove(step.target());
            recordChain(step, used);
        }
        return true;
    }

    /** A full step's chain flags, unless its receive recorded them ({@link #receiving}). */
    private void recordChain(SendStep step, Set<SendOption> used) {
        if (!ChainFlags.recordedByReceive(step, source, target)) {
            ChainFlags.record(target, step, used);
        }
    }

    @Override
    public TransferOptions receiving(SendStep step, Set<SendOption> used, TransferOptions options) {
        if (!ChainFlags.recordedByReceive(step, source, target)) {
            return options;
        }
        java.util.Map<String, String> set = new java.util.HashMap<>(options.receiving().recvSet());
        set.put(ChainFlags.PROPERTY, ChainFlags.format(used)); // the user's -o of it, if any, does not win
        return options.withRecvProperties(set, options.receiving().recvExclude());
    }

    /** The listing {@link #deliveredOtherThanPlanned} made of the trees of {@code tops}. */
    private record ListedAfterRun(Set<DatasetName> tops, Listing listing) {
    }

    /**
     * The listing of the run's targets made after its last receive (recursive, with {@code userrefs}
     * where the target has holds), when it was made of exactly the trees of {@code tops}; taken once.
     */
    @Override
    public Optional<Listing> targetListedAfterRun(List<DatasetName> tops) {
        ListedAfterRun listed = afterRun;
        afterRun = null;
        return listed != null && listed.tops().equals(Set.copyOf(tops)) ? Optional.of(listed.listing())
                : Optional.empty();
    }

    /** A check left to the run's end: whether a step of the run created the target, and its step's log. */
    private record Later(boolean created, Consumer<String> log) {
    }

    /** The checks {@link #receivedLater} left, children first (a parent unmounts only once they have). */
    @Override
    public java.util.Map<DatasetName, LaterCheck> receivedAll(TransferOptions options) {
        java.util.Map<DatasetName, List<String>> lines = new java.util.TreeMap<>(
                java.util.Comparator.comparing(DatasetName::name).reversed());
        later.keySet().forEach(dataset -> lines.put(dataset, new java.util.concurrent.CopyOnWriteArrayList<>()));
        List<ReceivedProperties.Top> tops = lines.keySet().stream().map(dataset -> {
            Later check = later.get(dataset);
            return new ReceivedProperties.Top(dataset, check.created(), "received file system left unmounted",
                    line -> {
                        check.log().accept(line);
                        lines.get(dataset).add(line);
                    });
        }).toList();
        later.clear();
        java.util.Map<DatasetName, LaterCheck> checked = new java.util.LinkedHashMap<>();
        java.util.Map<DatasetName, String> flags = new java.util.TreeMap<>(java.util.Comparator.comparing(DatasetName::name));
        flags.putAll(unrecorded);
        unrecorded.clear();
        java.util.Map<DatasetName, TransferException> failed = new java.util.HashMap<>(
                InterruptCleared.call(() -> ChainFlags.recordAll(target, flags)));
        InterruptCleared.call(() -> ReceivedProperties.checkAll(target, tops, planned, options))
                .forEach(failed::putIfAbsent);
        java.util.Map<DatasetName, String> remade = InterruptCleared.call(this::deliveredOtherThanPlanned);
        for (ReceivedProperties.Top top : tops) {
            TransferException failure = failed.get(top.dataset());
            String error = failure != null ? failure.getMessage() : remade.getOrDefault(top.dataset(), "");
            if (!error.isEmpty()) {
                top.log().accept(error);
            }
            checked.put(top.dataset(), new LaterCheck(lines.get(top.dataset()), error));
        }
        return checked;
    }

    /**
     * The targets whose delivered snapshots are not the plan's, each with its line: the steps checked
     * the plan's GUIDs against the listing taken when the run started, so a snapshot destroyed and
     * made again under the same name on the source after that was sent as the new one. One listing
     * of the targets tells: the copy's snapshot has the GUID of what was sent.
     */
    private java.util.Map<DatasetName, String> deliveredOtherThanPlanned() {
        java.util.Map<DatasetName, java.util.Map<String, Long>> expected = new java.util.HashMap<>(delivered);
        delivered.clear();
        if (expected.isEmpty()) {
            return java.util.Map.of();
        }
        // the trees of all the run's targets, with their holds: what SendRecvJob's arrivals read next
        List<DatasetName> tops = DatasetName.tops(planned);
        List<String> held = target.capabilities().has(io.jenkins.plugins.zfsreplication.zfs.Feature.HOLDS)
                ? List.of("userrefs") : List.of();
        java.util.Map<String, Long> guids = new java.util.HashMap<>();
        String unlisted = null;
        try {
            Listing listing;
            try {
                listing = target.list(tops, true, held);
                afterRun = new ListedAfterRun(Set.copyOf(tops), listing);
            } catch (ZfsException missing) {
                // a target whose full step failed is not there, and fails a listing of every tree named
                // with it: the delivered ones are listed alone, as their checks need
                listing = target.list(DatasetName.tops(expected.keySet()), true, held);
            }
            for (ZfsObject object : listing.objects()) {
                guids.put(object.name(), object.guid());
            }
        } catch (ZfsException e) {
            unlisted = "could not list the copies to check the snapshots received are the plan's: " + e.getMessage();
        }
        java.util.Map<DatasetName, String> remade = new java.util.HashMap<>();
        for (java.util.Map.Entry<DatasetName, java.util.Map<String, Long>> entry : expected.entrySet()) {
            for (java.util.Map.Entry<String, Long> snapshot : new java.util.TreeMap<>(entry.getValue()).entrySet()) {
                String name = entry.getKey() + "@" + snapshot.getKey();
                Long guid = guids.get(name);
                if (unlisted != null) {
                    remade.put(entry.getKey(), unlisted);
                } else if (guid == null || guid.longValue() != snapshot.getValue()) {
                    remade.put(entry.getKey(), String.format("%s %s, not the plan's snapshot (GUID %s): the source's"
                            + " snapshot was made again under that name after the run began", name,
                            guid == null ? "is not on the target" : "has the GUID " + Long.toUnsignedString(guid),
                            Long.toUnsignedString(snapshot.getValue())));
                }
            }
        }
        return remade;
    }

    @Override
    public Set<SendOption> chainOptions(SendStep step, Set<SendOption> used, Consumer<String> log) {
        if (step.from() == null || source == null) {
            return used; // a full send starts a chain; a receiving side sends nothing
        }
        String recorded = target == null ? null : chainFlags.get(step.target());
        if (recorded != null) {
            return ChainFlags.forStep(step, used, recorded, source.capabilities(), target.capabilities(), log);
        }
        return ChainFlags.forTarget(source, target, targetTokens, step, used, log);
    }

    /**
     * Where zfs recv has no {@code -u} (zfs-fuse), it mounts a new file system as it arrives, and
     * when its mount point is a directory in use (not empty) it refuses to mount, exits 1, but keeps
     * what it received. That is no failure here, where copies are left unmounted anyway: the step
     * counts as received when the target holds the step's snapshot with the plan's GUID.
     */
    @Override
    public boolean receivedUnmounted(SendStep step, Set<SendOption> used, TransferOptions options, Consumer<String> log) {
        if (target == null || options.receiving().mountReceived() || used.contains(SendOption.NO_MOUNT)
                || step.from() != null) {
            return false;
        }
        String snapshot = step.target().name() + "@" + step.to().name() + " " + Long.toUnsignedString(step.to().guid());
        try {
            if (!state(step.target()).contains(snapshot)) {
                return false;
            }
        } catch (ZfsException e) {
            return false;
        }
        log.accept(String.format("%s: received, but zfs recv (without -u here) could not mount it over its mount point"
                + " in use; left unmounted, the mount point untouched", step.target().name()));
        return true;
    }

    @Override
    public SendStep check(SendStep step, Set<SendOption> used, Consumer<String> log) {
        if (step.rollback() && target != null && !allowRollback) {
            throw new TransferException("The plan rolls %s back to @%s (zfs rollback -r and zfs recv -F destroy the"
                    + " target's later snapshots and changes), which this receiving side does not allow: give"
                    + " --allow-rollback to run (allowRollback: true on zfsSendRecv) if they may go. Nothing was sent"
                    + " or destroyed", step.target(), step.from() == null ? "?" : step.from().name());
        }
        Checked checked = checkSnapshots(step, used, log);
        if (target != null) {
            try {
                // the listing the check just made is the state before the step, unless the check
                // changed the target (a rollback): one zfs call less per step, a round trip to a remote target
                before.put(step.target(), checked.targetBefore() != null ? stateOf(checked.targetBefore())
                        : inNewParent(checked.step()) ? ABSENT : state(step.target()));
            } catch (ZfsException e) {
                throw new TransferException(e, "Cannot list the target %s (%s): %s. Nothing was sent or destroyed",
                        step.target(), target.host(), e.getMessage());
            }
        }
        return checked.step();
    }

    /**
     * A full step into a parent that this run's own full step created: the parent's stream (one
     * dataset, never its children) made it empty of children, so the target is absent without asking
     * zfs (one zfs call less a dataset on a first night). Only what runs on the target host as this
     * run does could have made it since; a full receive refuses a target that exists.
     */
    private boolean inNewParent(SendStep step) {
        DatasetName parent = step.kind() == SendKind.FULL ? parentOf(step.target()) : null;
        return parent != null && created.contains(parent) && receivedInto.contains(parent);
    }

    /** The step to run, and the target's listing when it was made and still holds (else null). */
    private record Checked(SendStep step, Listing targetBefore) {
    }

    private Checked checkSnapshots(SendStep planned, Set<SendOption> used, Consumer<String> log) {
        SendStep step = planned;
        boolean resumed = false;
        if (used.contains(SendOption.RESUMABLE) && source != null && (target != null || targetTokens != null)) {
            Optional<SendStep> resuming = resumes.resume(planned, used, log);
            resumed = resuming.isPresent();
            step = resuming.orElse(planned);
        } else if (used.contains(SendOption.RESUMABLE) && target != null) {
            resumes.abortUnresumed(step, log);
        }
        boolean incremental = step.kind() != SendKind.FULL && step.from() != null;
        Listing onSource = null;
        if (source != null) {
            onSource = listed(sourceAtStart, source, step.source(), "source");
            requireSnapshot(onSource, step.source(), step.to(), "source");
            if (step.fromBookmark() != null) {
                requireObject(onSource, Zfs.bookmarkName(step.fromBookmark()), step.from(), "source", "bookmark");
            } else if (incremental && !onlyBookmarked(onSource, step)) {
                requireSnapshot(onSource, step.source(), step.from(), "source");
            }
        }
        if (!resumed && step.kind() == SendKind.RESUME) {
            step = toFreshStep(step, onSource);
        }
        Listing targetBefore = null;
        if (target != null && incremental) {
            Listing onTarget = listed(targetAtStart, target, step.target(), "target");
            requireSnapshot(onTarget, step.target(), step.from(), "target");
            if (step.rollback() && !resumed) {
                rollBack(step, onTarget, log);
            } else if (!resumed) {
                targetBefore = onTarget;
            }
        }
        if (target != null && step.kind() == SendKind.FULL) {
            requireParent(step.target(), log);
        }
        return new Checked(step, targetBefore);
    }

    /**
     * A RESUME step's base that the source keeps only as a bookmark (its snapshot pruned since): the
     * bookmark, with the plan's GUID, is base enough for {@code zfs send -t} and for a fresh
     * {@code zfs send -i ds#bookmark}.
     */
    private static boolean onlyBookmarked(Listing onSource, SendStep step) {
        if (step.kind() != SendKind.RESUME || onSource.find(step.source().snapshot(step.from().name()).toString())
                .isPresent()) {
            return false;
        }
        requireObject(onSource, Zfs.bookmarkName(step.source().snapshot(step.from().name())), step.from(), "source",
                "snapshot or bookmark");
        return true;
    }

    /**
     * The rollback the plan names for a diverged target: {@code zfs recv -F} alone rolls back only to
     * the target's newest snapshot, so snapshots the target took after the base would make OpenZFS
     * refuse the stream (and zfs-fuse keep them). Those snapshots exist only on the copy (the base is
     * the newest one the source shares), so they are never destroyed: they are kept in a dataset of
     * their own first ({@link DivergedCopy}), which the log, the step's record, names. A copy with
     * only changes after the base is rolled back to it (the changes are what the plan allowed to go).
     */
    private void rollBack(SendStep step, Listing onTarget, Consumer<String> log) {
        SnapshotName base = step.target().snapshot(step.from().name());
        long baseTxg = onTarget.find(base.toString()).orElseThrow().createtxg();
        List<ZfsObject> newer = onTarget.snapshotsOf(step.target().name()).stream()
                .filter(snapshot -> snapshot.createtxg() > baseTxg)
                .sorted(java.util.Comparator.comparingLong(ZfsObject::createtxg)).toList();
        List<String> ofHistory = history == null ? List.of()
                : newer.stream().map(ZfsObject::shortName).filter(history::isCandidate).toList();
        if (!ofHistory.isEmpty()) {
            // a plan from the sending host: its say is no consent to move the copy's history aside either
            throw new TransferException("The plan rolls %s back to @%s, which would destroy %d snapshot(s) of the naming "
                    + "(%s): a plan made on the sending host may discard the target's changes, never its history. "
                    + "Roll back on the target by hand (zfs rollback -r %s) if they may go. Nothing was sent or destroyed",
                    step.target(), step.from().name(), ofHistory.size(), String.join(", ", ofHistory), base);
        }
        if (history == null && !newer.isEmpty()) {
            // a plan made here: the copy's later snapshots are kept aside, none destroyed. A plan from the
            // sending host (history set) may discard those outside the naming, never the naming's
            DivergedCopy.keep(target, step.target(), base, newer, log);
            return;
        }
        target.rollback(base, true);
        log.accept(newer.isEmpty()
                ? String.format("%s: rolled back to @%s as the plan allows (zfs rollback -r): its changes after it "
                        + "are gone, no snapshot was destroyed", step.target(), step.from().name())
                : String.format("%s: rolled back to @%s as the plan allows (zfs rollback -r), destroying %d newer "
                        + "snapshot(s): %s", step.target(), step.from().name(), newer.size(),
                        String.join(", ", newer.stream().map(ZfsObject::shortName).toList())));
    }

    /**
     * zfs recv creates the target of a full stream, never its parents: say so before anything is
     * sent, or create them where asked to.
     */
    private void requireParent(DatasetName dataset, Consumer<String> log) {
        int slash = dataset.name().lastIndexOf('/');
        if (slash < 0) {
            return;
        }
        DatasetName parent = DatasetName.of(dataset.name().substring(0, slash));
        if (receivedInto.contains(parent) || target.exists(parent)) {
            return;
        }
        if (!createParents) {
            throw new TransferException("The target's parent %s does not exist on the target (%s): zfs recv creates "
                    + "%s but not its parents. Create it (zfs create -p %s), ask for missing parents to be created, "
                    + "or plan its source too; nothing was sent", parent, target.host(), dataset, parent);
        }
        List<DatasetName> missing = new java.util.ArrayList<>();
        for (DatasetName level = parent; level != null && !target.exists(level); level = parentOf(level)) {
            missing.add(0, level);
        }
        if (parentOf(missing.get(0)) == null) {
            throw new TransferException("The target's pool %s does not exist on %s: nothing to create %s in; nothing "
                    + "was sent", parent.pool(), target.host(), parent);
        }
        for (DatasetName level : missing) {
            target.createFilesystem(level, java.util.Map.of("canmount", "off"));
            log.accept(String.format("%s: created the missing parent %s on %s (zfs create -o canmount=off)",
                    dataset, level, target.host()));
        }
    }

    /** The dataset {@code dataset} lies in, null for a pool's root. */
    private static DatasetName parentOf(DatasetName dataset) {
        int slash = dataset.name().lastIndexOf('/');
        return slash < 0 ? null : DatasetName.of(dataset.name().substring(0, slash));
    }

    /**
     * A RESUME step whose token is gone from the target, or not used, is sent again from its base: a
     * snapshot, or, where the source kept only its bookmark, the bookmark.
     */
    private static SendStep toFreshStep(SendStep step, Listing onSource) {
        SendKind kind = step.from() == null ? SendKind.FULL
                : onSource != null && onlyBookmarked(onSource, step) ? SendKind.INCREMENTAL_FROM_BOOKMARK
                : SendKind.INCREMENTAL;
        return new SendStep(step.source(), step.target(), kind, step.from(), step.to(), null, step.rollback(),
                step.estimatedBytes());
    }

    /** The dataset's listing from the run's start when its first step asks, else listed now. */
    private static Listing listed(java.util.Map<DatasetName, Listing> atStart, Zfs zfs, DatasetName dataset,
                                  String side) {
        Listing listing = atStart.remove(dataset);
        return listing != null ? listing : list(zfs, dataset, side);
    }

    private static Listing list(Zfs zfs, DatasetName dataset, String side) {
        try {
            return zfs.list(List.of(dataset), false, List.of());
        } catch (ZfsException e) {
            throw new TransferException(e, "Cannot list %s on the %s (%s): %s. Check the dataset name and the host; "
                    + "nothing was sent", dataset, side, zfs.host(), e.getMessage());
        }
    }

    private static void requireSnapshot(Listing listing, DatasetName dataset, SnapshotRef snapshot, String side) {
        requireObject(listing, dataset.snapshot(snapshot.name()).toString(), snapshot, side, "snapshot");
    }

    /** The snapshot or bookmark {@code name} is listed with the plan's GUID. */
    private static void requireObject(Listing listing, String name, SnapshotRef snapshot, String side, String what) {
        Optional<ZfsObject> found = listing.find(name);
        if (found.isEmpty()) {
            throw new TransferException("The plan is stale: %s %s (guid %s) is no longer on the %s. Make a new "
                    + "plan; nothing was sent or destroyed", what, name, snapshot.guidText(), side);
        }
        if (found.get().guid() != snapshot.guid()) {
            throw new TransferException("The plan is stale: %s %s on the %s has guid %s, the plan names guid %s "
                    + "(recreated under the same name?). Make a new plan; nothing was sent or destroyed", what, name,
                    side, found.get().guidText(), snapshot.guidText());
        }
    }
}
