package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.prune.RetentionPolicy;

/**
 * The invariants of docs/prune-safety.md, checked after each simulated night against the hosts
 * themselves and what was destroyed on them, not against what the engine says it decided:
 * <ol>
 * <li>bases: a target that shared a snapshot (by GUID; on the source a bookmark counts) with its
 *     source before the night still shares one, unless nothing this tool destroyed was of them;</li>
 * <li>arrivals: every target snapshot a prune destroyed is one the target's own rules drop counting
 *     only the snapshots the target had (the rules being the backup side's: a pulled source's or a
 *     received {@code keep-target} never counts);</li>
 * <li>naming: every snapshot or bookmark a prune destroyed is of the naming, and nothing is rolled
 *     back without the receiving side's consent;</li>
 * <li>readable: a prune of a plan whose target could not be read, when it was made or at the prune,
 *     destroys nothing;</li>
 * <li>encryption: an encrypted dataset only ever arrives raw;</li>
 * <li>time: no prune's "now" lies beyond its host's clock plus 15 minutes, and no snapshot whose time
 *     is not trusted (dated in the future, named after its creation while that name is still ahead of the
 *     clock, named before an older snapshot) is destroyed by a rule; on a night whose pruning host's
 *     clock jumped ahead ({@code CLOCK_JUMP}, {@code PRUNE_CLOCK_JUMP}) nothing is destroyed by rules that
 *     count ages (witness).</li>
 * </ol>
 * and two of the night's accounting (docs/prune-safety.md lists them with the others):
 * <ol start="8">
 * <li>accounted: every dataset under a hop's source root is backed up tonight (the target holds the
 *     snapshot it was to get, by GUID) or reported: the plan names it as needing attention (not
 *     {@code SEND}, {@code UP_TO_DATE} or {@code EXCLUDED}), its run's step did not end ok, or the
 *     hop's job failed; {@code EXCLUDED} only where {@code zfs-replication:backup=off} is the backup
 *     host's to trust (never a pulled source's own say); and the night to nas says so in night.json:
 *     an outcome for every dataset, "sent" or "current" only where the copy holds the snapshot, and
 *     no exit 0 while one needs attention;</li>
 * <li>copy age: check never judges a copy younger than the copy's own snapshot: the newest common
 *     snapshot it names is the target's (its name there), no younger than its creation.</li>
 * </ol>
 * and the two of the copy's own history:
 * <ol start="10">
 * <li>only copy: a snapshot a copy holds whose source lost it to a rollback (not to this tool) is
 *     on the copy's host still, wherever the run moved it (COPY-kept-GUID), unless a prune destroyed it
 *     by the copy's own rules (judged by 2, and counted);</li>
 * <li>clones: zfs never refuses a destroy or rollback of this tool because of a clone (the engine
 *     keeps such snapshots), and a prune on a night with an admin's clone on its target does not fail.</li>
 * </ol>
 * and the audit chain's:
 * <ol start="12">
 * <li>chain: the chain names every night to nas that ran: one that ended has its record, linked to the
 *     last one that ended before it over each that died between, named unfinished with exactly the
 *     files it left, and the chain between them verifies.</li>
 * </ol>
 * The pruner deciding what the guard refuses (a refusal without a change between the prune's
 * listing and its destroys) is a finding too.
 */
final class SafetyOracle {
    private static final long TOLERANCE = 15 * 60;
    private final NightlySimulation simulation;
    final List<String> violations = new ArrayList<>();
    private final Map<NightlySimulation.Hop, Boolean> unreadableAtPlan = new EnumMap<>(NightlySimulation.Hop.class);
    private final Map<String, Set<Long>> sharedAtStart = new HashMap<>();
    private final Set<Long> destroyedTonight = new HashSet<>();
    /** Per host, the GUIDs the tool destroyed there tonight. */
    private final Map<String, Set<Long>> destroyedOn = new HashMap<>();
    private final Map<String, Integer> destroyMarks = new HashMap<>();
    private Map<String, List<SimHost.Snap>> beforePrune = Map.of();
    private Instant pruneClock;
    /** The prune's "now": the report's, once found no later than its host's clock. */
    private Instant pruneNow;
    private boolean targetReadableAtPrune;
    private int night;
    private Set<NightlySimulation.Fault> tonight = Set.of();
    /** Snapshots, bookmarks destroyed by the tool in all nights. */
    int destroys;
    /** Per target host, the GUIDs only its copies have (their source was rolled back), with where they were. */
    private final Map<String, Map<Long, String>> onlyOnCopy = new HashMap<>();
    /** Snapshots only a copy had that a prune destroyed by the copy's own rules. */
    int onlyCopyPruned;
    /** Snapshots only a copy had, tracked since their source lost them. */
    int onlyCopyTracked;
    private final Map<String, Integer> cloneMarks = new HashMap<>();
    /**
     * Hop and source dataset whose copy's held base a source rollback took (its hold released by the
     * admin): the tool cannot know what the copy still shares until a run backs it up again.
     */
    private final Set<String> baseUnknown = new HashSet<>();
    /** Copies an admin destroyed tonight, with the GUIDs they held. */
    private final Map<String, Set<Long>> rereceived = new HashMap<>();
    /**
     * Per hop and source dataset, the GUIDs its target held when an admin destroyed that source (a
     * copy that is the cascade's source): their keepers there (the snapshots, the cascade's bookmarks)
     * went with it by the admin's choice. A copy received again brings the same GUIDs back as
     * snapshots, but nothing tells the tool that the cascade's target still needs them.
     */
    private final Map<String, Set<Long>> keepersDestroyed = new HashMap<>();

    SafetyOracle(NightlySimulation simulation) {
        this.simulation = simulation;
    }

    private final Map<String, Integer> nightMarks = new HashMap<>();

    void startNight(int number, Set<NightlySimulation.Fault> faults) {
        night = number;
        tonight = faults;
        sharedAtStart.clear();
        destroyedTonight.clear();
        destroyedOn.clear();
        simulation.cluster.hosts.values().forEach(host -> nightMarks.put(host.name, host.destroyed.size()));
        simulation.cluster.hosts.values().forEach(host -> cloneMarks.put(host.name, host.refusedForClones.size()));
        for (NightlySimulation.Hop hop : NightlySimulation.Hop.values()) {
            for (String dataset : sourceDatasets(hop)) {
                sharedAtStart.put(hop + " " + dataset, shared(hop, dataset));
                baseUnknown.add(hop + " " + dataset);
            }
        }
    }

    void beforePlan(NightlySimulation.Hop hop) {
        unreadableAtPlan.put(hop, !host(hop.target).poolExists(hop.targetRoot.split("/")[0]));
    }

    void planned(NightlySimulation.Hop hop, int status) {
        if (unreadableAtPlan.get(hop) && status == 0) {
            violation(hop, "readable", "the plan succeeded although the target's pool was not there");
        }
    }

    void beforePrune(NightlySimulation.Hop hop, Instant clock) {
        pruneClock = clock;
        targetReadableAtPrune = host(hop.target).poolExists(hop.targetRoot.split("/")[0]);
        beforePrune = new HashMap<>();
        for (SimHost host : simulation.cluster.hosts.values()) {
            allDatasets(host).forEach((name, dataset) -> beforePrune.put(host.name + ":" + name,
                    new ArrayList<>(dataset.snapshots)));
            destroyMarks.put(host.name, host.destroyed.size());
        }
    }

    void pruned(NightlySimulation.Hop hop, NightlySimulation.Cli prune, Path dir) {
        pruneNow = prune.status() == 0 ? reportNow(hop, dir) : pruneClock;
        List<SimHost.Destroyed> destroyed = prunesDestroys(hop);
        if (prune.status() == 2 && prune.err().contains("Prune refused")
                && !tonight.contains(NightlySimulation.Fault.HOLD_DURING_PRUNE)) {
            violation(hop, "guard", "the guard refused what the pruner decided: " + prune.err().strip());
        }
        for (SimHost.Destroyed d : destroyed) {
            checkDestroy(hop, d);
        }
    }

    /**
     * A prune killed before it ended (the night's machine died): what it destroyed until then is
     * judged as any prune's destroys are, by the clock it ran on; it wrote no report.
     */
    void pruneKilled(NightlySimulation.Hop hop) {
        pruneNow = pruneClock;
        for (SimHost.Destroyed d : prunesDestroys(hop)) {
            checkDestroy(hop, d);
        }
    }

    /** The prune's destroys since {@link #beforePrune}, counted: those of a copy's only snapshots by its own rules (2). */
    private List<SimHost.Destroyed> prunesDestroys(NightlySimulation.Hop hop) {
        List<SimHost.Destroyed> destroyed = new ArrayList<>();
        for (SimHost host : simulation.cluster.hosts.values()) {
            destroyed.addAll(host.destroyed.subList(destroyMarks.get(host.name), host.destroyed.size()));
        }
        destroys += destroyed.size();
        destroyed.forEach(d -> destroyedTonight.add(d.guid()));
        destroyed.forEach(d -> destroyedOn.computeIfAbsent(d.host(), h -> new HashSet<>()).add(d.guid()));
        for (SimHost.Destroyed d : destroyed) {
            // a prune's destroy is judged by the copy's own rules (2); it is counted, not a finding here
            Map<Long, String> tracked = onlyOnCopy.get(d.host());
            if (!d.object().contains("#") && tracked != null && tracked.remove(d.guid()) != null) {
                onlyCopyPruned++;
            }
        }
        if ((unreadableAtPlan.get(hop) || !targetReadableAtPrune) && !destroyed.isEmpty()) {
            violation(hop, "readable", "destroyed " + destroyed + " from a plan or listing of a target that could not"
                    + " be read");
        }
        return destroyed;
    }

    private void checkDestroy(NightlySimulation.Hop hop, SimHost.Destroyed destroy) {
        boolean bookmark = destroy.object().contains("#");
        int mark = bookmark ? destroy.object().indexOf('#') : destroy.object().indexOf('@');
        String dataset = destroy.object().substring(0, mark);
        String name = destroy.object().substring(mark + 1);
        if (!NightlySimulation.NAMING.isCandidate(name) || !destroy.how().equals("destroy")) {
            violation(hop, "naming", destroy.how() + " of " + destroy.host() + ":" + destroy.object());
        }
        if (bookmark) {
            return;
        }
        List<SimHost.Snap> before = beforePrune.get(destroy.host() + ":" + dataset);
        String rules = rulesOf(hop, destroy.host(), dataset);
        if (before == null || rules == null) {
            violation(hop, "arrivals", destroy.host() + ":" + destroy.object() + " destroyed without rules that apply");
            return;
        }
        if (pruneClockJumped(hop) && RetentionPolicy.parse(rules).countsAge()) {
            violation(hop, "witness", destroy.host() + ":" + destroy.object() + " destroyed by the ages of '" + rules
                    + "' on a night whose pruning host's clock jumped to " + pruneClock);
        }
        List<String> names = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        int at = -1;
        long newestTrusted = Long.MIN_VALUE;
        for (SimHost.Snap snap : before) {
            Instant stamp = NightlySimulation.NAMING.timestampOf(snap.name);
            if (stamp == null && !NightlySimulation.NAMING.isCandidate(snap.name)) {
                continue;
            }
            // a name after its creation is judged by the creation once the clock has passed the name
            long time = stamp == null ? snap.creation : stamp.getEpochSecond() > snap.creation + TOLERANCE
                    && stamp.getEpochSecond() <= pruneClock.getEpochSecond() ? snap.creation : stamp.getEpochSecond();
            boolean trusted = time <= pruneClock.getEpochSecond() + TOLERANCE
                    && (stamp == null || time <= snap.creation + TOLERANCE)
                    && (newestTrusted == Long.MIN_VALUE || time >= newestTrusted - TOLERANCE);
            if (!trusted) {
                if (snap.name.equals(name)) {
                    violation(hop, "time", destroy.host() + ":" + destroy.object() + " destroyed, its time not trusted");
                }
                continue;
            }
            newestTrusted = Math.max(newestTrusted, time);
            if (snap.name.equals(name)) {
                at = names.size();
            }
            names.add(snap.name);
            times.add(time);
        }
        if (at < 0) {
            return;
        }
        String[] kept = RetentionPolicy.parse(rules).evaluate(names,
                times.stream().mapToLong(Long::longValue).toArray(), pruneNow.getEpochSecond());
        if (kept[at] != null) {
            violation(hop, "arrivals", destroy.host() + ":" + destroy.object() + " destroyed although '" + kept[at]
                    + "' of " + rules + " keeps it among the " + names.size() + " snapshots the host had");
        }
    }

    /** Whether the host pruning {@code hop} tonight had its clock jumped ahead (src prunes the push to nas). */
    private boolean pruneClockJumped(NightlySimulation.Hop hop) {
        return hop == NightlySimulation.Hop.NAS && (tonight.contains(NightlySimulation.Fault.CLOCK_JUMP)
                || tonight.contains(NightlySimulation.Fault.PRUNE_CLOCK_JUMP));
    }

    /** The backup side's own rules for a dataset of a hop: a pushing source's own property counts, nothing else. */
    private String rulesOf(NightlySimulation.Hop hop, String host, String dataset) {
        if (host.equals(hop.source)) {
            return hop == NightlySimulation.Hop.NAS ? NightlySimulation.KEEP_SOURCE : null;
        }
        return switch (hop) {
            case NAS -> simulation.src.property(sourceOf(hop, dataset), "zfs-replication:keep-target") != null
                    && simulation.src.source(sourceOf(hop, dataset), "zfs-replication:keep-target") != null
                    && !simulation.src.source(sourceOf(hop, dataset), "zfs-replication:keep-target").equals("received")
                    ? NightlySimulation.PROPERTY_RULES : NightlySimulation.KEEP_TARGET;
            case OFF -> NightlySimulation.KEEP_OFF;
            case FAR -> NightlySimulation.KEEP_FAR;
        };
    }

    private static String sourceOf(NightlySimulation.Hop hop, String target) {
        return hop.sourceRoot + target.substring(hop.targetRoot.length());
    }

    /** The report's now, checked against the host's clock; the clock when there is none or it is later. */
    private Instant reportNow(NightlySimulation.Hop hop, Path dir) {
        try {
            JsonNode report = new ObjectMapper().readTree(Files.readString(dir.resolve("prune-report.json")));
            Instant now = Instant.parse(report.get("now").asText());
            if (now.getEpochSecond() > pruneClock.getEpochSecond() + TOLERANCE) {
                violation(hop, "time", "now " + now + " is after the host's clock " + pruneClock);
                return pruneClock;
            }
            return now;
        } catch (IOException e) {
            violation(hop, "readable", "no prune-report.json after a prune that exited 0: " + e.getMessage());
            return pruneClock;
        }
    }

    /** A prune run again on a plan that ran since: refused as stale or done, never failed (exit 1). */
    void repeated(NightlySimulation.Hop hop, NightlySimulation.Cli prune) {
        if (prune.status() == 1) {
            violation(hop, "stale", "a prune of a plan that ran since failed: " + prune.err().strip());
        }
    }

    void ran(NightlySimulation.Hop hop, SimTransport transport) {
        if (!transport.decrypted.isEmpty()) {
            violation(hop, "encryption", "arrived decrypted: " + transport.decrypted);
        }
    }

    /**
     * src lost {@code lost} (by GUID) to a rollback: whatever of them a copy of its holds now exists
     * only there, and must stay on that host (10).
     */
    void sourceRolledBack(SimHost source, Set<Long> lost) {
        for (NightlySimulation.Hop hop : NightlySimulation.Hop.values()) {
            if (!hop.source.equals(source.name)) {
                continue;
            }
            // what the copy shared with its source and lost to the rollback was lost by a person, not by this tool:
            // from here on the bases are what they still share
            for (String dataset : sourceDatasets(hop)) {
                sharedAtStart.put(hop + " " + dataset, shared(hop, dataset));
                baseUnknown.add(hop + " " + dataset);
            }
            Map<Long, String> tracked = onlyOnCopy.computeIfAbsent(hop.target, h -> new HashMap<>());
            allDatasets(host(hop.target)).values().forEach(d -> d.snapshots.stream()
                    .filter(s -> lost.contains(s.guid) && !tracked.containsKey(s.guid)).forEach(s -> {
                        tracked.put(s.guid, hop.target + ":" + d.name + "@" + s.name);
                        onlyCopyTracked++;
                    }));
        }
    }

    /**
     * An admin destroyed a hop's copy of {@code dataset} (its snapshots with it): the copy shares
     * nothing with its source now by a person's choice, and what only it had is gone by that choice.
     */
    void copyDestroyed(NightlySimulation.Hop hop, String dataset, SimHost.Dataset copy) {
        sharedAtStart.remove(hop + " " + dataset);
        // the copy was the cascade's source too: far shares nothing with it now by the admin's choice, and its
        // newest snapshot's keepers on nas (the snapshot, the cascade's bookmark) are gone by that choice
        sharedAtStart.remove(NightlySimulation.Hop.FAR + " " + hop.targetOf(dataset));
        for (NightlySimulation.Hop cascade : NightlySimulation.Hop.values()) {
            String source = hop.targetOf(dataset);
            SimHost.Dataset further = cascade.source.equals(hop.target) && source.startsWith(cascade.sourceRoot)
                    ? allDatasets(host(cascade.target)).get(cascade.targetOf(source)) : null;
            if (further != null) {
                further.snapshots.forEach(snap -> keepersDestroyed.computeIfAbsent(cascade + " " + source,
                        k -> new HashSet<>()).add(snap.guid));
            }
        }
        Map<Long, String> tracked = onlyOnCopy.get(hop.target);
        if (tracked != null) {
            copy.snapshots.forEach(snap -> tracked.remove(snap.guid));
        }
        rereceived.put(hop + " " + dataset, copy.snapshots.stream().map(s -> s.guid).collect(
                java.util.stream.Collectors.toSet()));
    }

    /**
     * A copy destroyed and received again in full, its steps ok tonight: the source's holds for it
     * follow the new copy (1), no old base stays held, and so kept, for a copy that no longer
     * exists. (A step that failed leaves the holds of what it was sending: the next night's.)
     */
    private void reheld(NightlySimulation.Hop hop, boolean failedRun, Set<String> notOk) {
        for (var entry : Map.copyOf(rereceived).entrySet()) {
            if (!entry.getKey().startsWith(hop + " ")) {
                continue;
            }
            rereceived.remove(entry.getKey());
            String dataset = entry.getKey().substring(entry.getKey().indexOf(' ') + 1);
            SimHost.Dataset copy = host(hop.target).dataset(hop.targetOf(dataset));
            SimHost.Dataset source = host(hop.source).dataset(dataset);
            if (failedRun || notOk.contains(dataset) || copy == null || source == null || copy.snapshots.isEmpty()) {
                continue; // not received again tonight: reported by the night (8)
            }
            Set<Long> onCopy = new HashSet<>();
            copy.snapshots.forEach(snap -> onCopy.add(snap.guid));
            source.snapshots.stream().filter(snap -> snap.holds.contains("zfs-replication:" + hop.target)
                    && !onCopy.contains(snap.guid)).forEach(snap -> violation(hop, "received again", hop.source + ":"
                    + dataset + "@" + snap.name + " is still held for " + hop.target + ", whose copy was destroyed and"
                    + " received again without it"));
        }
    }

    /** A prune on a night with an admin's clone on its target: it must not fail (11). */
    void prunedAroundClone(NightlySimulation.Hop hop, NightlySimulation.Cli prune, String clone) {
        if (prune.status() == 1) {
            violation(hop, "clones", "the prune failed with " + clone + " on the target: " + prune.err().strip());
        }
    }

    void endNight() {
        for (SimHost host : simulation.cluster.hosts.values()) {
            for (String refused : host.refusedForClones.subList(cloneMarks.get(host.name),
                    host.refusedForClones.size())) {
                violation(null, "clones", "zfs refused to destroy " + host.name + ":" + refused
                        + ", which has a clone: the engine tried");
            }
        }
        rereceived.clear(); // the hop's run never came tonight
        onlyOnCopy.forEach((hostName, tracked) -> {
            SimHost host = host(hostName);
            Set<Long> present = new HashSet<>();
            allDatasets(host).values().forEach(d -> d.snapshots.forEach(s -> present.add(s.guid)));
            tracked.entrySet().removeIf(entry -> {
                if (present.contains(entry.getKey())) {
                    return false;
                }
                List<String> how = host.destroyed.stream().filter(d -> d.guid() == entry.getKey())
                        .map(d -> d.how() + " of " + d.object()).toList();
                violation(null, "only copy", entry.getValue() + ", which only the copy had since its source was"
                        + " rolled back, is gone from " + hostName + (how.isEmpty() ? " (no destroy recorded)"
                        : ": " + how));
                return true;
            });
        });
        for (SimHost host : simulation.cluster.hosts.values()) {
            for (SimHost.Destroyed d : host.destroyed.subList(nightMarks.get(host.name), host.destroyed.size())) {
                if (!d.how().equals("destroy")) {
                    violation(null, "naming", d.how() + " of " + host.name + ":" + d.object() + " without consent");
                }
            }
        }
        for (NightlySimulation.Hop hop : NightlySimulation.Hop.values()) {
            for (String dataset : sourceDatasets(hop)) {
                Set<Long> before = sharedAtStart.getOrDefault(hop + " " + dataset, Set.of());
                newestBase(hop, dataset);
                if (before.isEmpty() || !shared(hop, dataset).isEmpty() || baseUnknown.contains(hop + " " + dataset)) {
                    continue;
                }
                if (before.stream().anyMatch(destroyedTonight::contains)) {
                    violation(hop, "bases", "the target of " + dataset + " shares no snapshot with it any more; this"
                            + " tool destroyed " + before.stream().filter(destroyedTonight::contains).toList());
                }
            }
        }
    }

    /**
     * The target's newest snapshot is what its next incremental starts from: when it came from the
     * source, the source keeps its GUID as a snapshot or a bookmark. A target that still shares an
     * older snapshot is no less stuck: receiving from there means rolling back what it has.
     */
    private void newestBase(NightlySimulation.Hop hop, String dataset) {
        SimHost.Dataset source = allDatasets(host(hop.source)).get(dataset);
        SimHost.Dataset target = allDatasets(host(hop.target)).get(hop.targetOf(dataset));
        if (source == null || target == null || target.snapshots.isEmpty()) {
            return;
        }
        SimHost.Snap newest = target.snapshots.get(target.snapshots.size() - 1);
        // anywhere on the source's host: a rollback the night allows keeps what only the copy had in a dataset of
        // its own (COPY-kept-GUID, zfs rename, clone and promote), the later bookmarks with it
        boolean kept = allDatasets(host(hop.source)).values().stream().anyMatch(d ->
                d.snapshots.stream().anyMatch(s -> s.guid == newest.guid)
                        || d.bookmarks.stream().anyMatch(b -> b.guid == newest.guid));
        // an admin destroyed the source's copy of it (with its bookmark) since the target got it: a person's loss
        boolean lostByAdmin = keepersDestroyed.getOrDefault(hop + " " + dataset, Set.of()).contains(newest.guid);
        if (!kept && !lostByAdmin && destroyedOn.getOrDefault(hop.source, Set.of()).contains(newest.guid)) {
            violation(hop, "bases", "the target's newest snapshot " + hop.targetOf(dataset) + "@" + newest.name
                    + ", its next base, was destroyed on " + hop.source + " by this tool, no bookmark left");
        }
    }

    /** The GUIDs a hop's target shares with its source for one source dataset (exported pools count). */
    private Set<Long> shared(NightlySimulation.Hop hop, String dataset) {
        SimHost.Dataset source = allDatasets(host(hop.source)).get(dataset);
        SimHost.Dataset target = allDatasets(host(hop.target)).get(hop.targetOf(dataset));
        Set<Long> common = new HashSet<>();
        if (source == null || target == null) {
            return common;
        }
        Set<Long> onSource = new HashSet<>();
        source.snapshots.forEach(s -> onSource.add(s.guid));
        source.bookmarks.forEach(s -> onSource.add(s.guid));
        target.snapshots.stream().filter(s -> onSource.contains(s.guid)).forEach(s -> common.add(s.guid));
        return common;
    }

    private List<String> sourceDatasets(NightlySimulation.Hop hop) {
        return allDatasets(host(hop.source)).keySet().stream()
                .filter(name -> name.equals(hop.sourceRoot) || name.startsWith(hop.sourceRoot + "/")).toList();
    }

    private static Map<String, SimHost.Dataset> allDatasets(SimHost host) {
        Map<String, SimHost.Dataset> all = new HashMap<>(host.datasets);
        host.exported.values().forEach(all::putAll);
        return all;
    }

    private SimHost host(String name) {
        return simulation.cluster.hosts.get(name);
    }

    /**
     * After a hop's run: each source dataset backed up tonight or reported (invariant 8).
     *
     * @param failedRun the run failed as a whole (reported by its exit status)
     * @param notOk     source datasets with a step that did not end ok (reported in transfer.json)
     * @param tonight   the snapshot the hop was to bring (the push's snapshot of tonight), or null: the
     *                  source's newest snapshot of the naming
     */
    void accounted(NightlySimulation.Hop hop, Path dir, boolean failedRun, Set<String> notOk, String tonight) {
        reheld(hop, failedRun, notOk);
        if (failedRun) {
            return;
        }
        JsonNode plan;
        try {
            plan = new ObjectMapper().readTree(Files.readString(dir.resolve("plan.json")));
        } catch (IOException e) {
            violation(hop, "accounted", "no plan.json after a plan that exited 0: " + e.getMessage());
            return;
        }
        Map<String, String> actions = new HashMap<>();
        plan.path("datasets").forEach(d -> actions.put(d.path("source").asText(), d.path("action").asText()));
        plan.path("refusedNames").forEach(d -> actions.put(d.path("name").asText(),
                d.path("excluded").asBoolean() ? "EXCLUDED" : "SKIPPED"));
        SimHost source = host(hop.source);
        for (String dataset : sourceDatasets(hop)) {
            if (!source.datasets.containsKey(dataset)) {
                continue; // its pool is away tonight: the plan could not list it
            }
            SimHost.Dataset own = source.datasets.get(dataset);
            SimHost.Snap wanted = tonight != null ? own.snapshot(tonight) : own.snapshots.stream()
                    .filter(snap -> NightlySimulation.NAMING.isCandidate(snap.name)).reduce((a, b) -> b).orElse(null);
            SimHost.Dataset copy = allDatasets(host(hop.target)).get(hop.targetOf(dataset));
            boolean backedUp = wanted != null && copy != null && copy.snapshots.stream().anyMatch(s -> s.guid == wanted.guid);
            if (backedUp) {
                baseUnknown.remove(hop + " " + dataset);
            }
            String action = actions.get(dataset);
            String value = source.property(dataset, NightlySimulation.BACKUP_PROPERTY);
            // a pull's source speaks for its own datasets only when trusted: never here
            boolean ownersChoice = "off".equals(value) && hop != NightlySimulation.Hop.OFF;
            if ("EXCLUDED".equals(action) && !ownersChoice) {
                violation(hop, "accounted", dataset + " EXCLUDED although " + NightlySimulation.BACKUP_PROPERTY + " is "
                        + (value == null ? "unset" : "'" + value + "'") + (hop == NightlySimulation.Hop.OFF
                        ? " on a pulled source, which is not trusted" : ""));
                continue;
            }
            boolean reported = action == null ? false : !List.of("SEND", "UP_TO_DATE", "EXCLUDED").contains(action);
            if (backedUp || reported || notOk.contains(dataset) || "EXCLUDED".equals(action)
                    || wanted == null && !"SEND".equals(action)) {
                continue;
            }
            violation(hop, "accounted", dataset + " not backed up tonight (" + (wanted == null ? "no snapshot to bring"
                    : "the copy lacks @" + wanted.name) + ") and not reported: the plan says " + action);
        }
    }

    /** A check of a hop: the newest common snapshot it names is the copy's, never younger than its creation (9). */
    void checked(NightlySimulation.Hop hop, NightlySimulation.Cli check) {
        JsonNode report;
        try {
            report = new ObjectMapper().readTree(check.out());
        } catch (IOException e) {
            violation(hop, "copy age", "check printed no JSON: " + check.out() + check.err());
            return;
        }
        Instant now = Instant.parse(report.path("now").asText(Instant.EPOCH.toString()));
        for (JsonNode dataset : report.path("datasets")) {
            JsonNode common = dataset.path("newestCommon");
            if (common.isNull() || common.isMissingNode()) {
                continue;
            }
            long guid = Long.parseUnsignedLong(common.path("guid").asText());
            SimHost.Dataset copy = allDatasets(host(hop.target)).get(dataset.path("target").asText());
            SimHost.Snap held = copy == null ? null
                    : copy.snapshots.stream().filter(s -> s.guid == guid).findFirst().orElse(null);
            if (held == null) {
                violation(hop, "copy age", dataset.path("target").asText() + " holds no snapshot " + guid);
            } else if (!held.name.equals(common.path("snapshot").asText())
                    || common.path("ageSeconds").asLong() < now.getEpochSecond() - held.creation) {
                violation(hop, "copy age", dataset.path("target").asText() + ": check names @"
                        + common.path("snapshot").asText() + ", " + common.path("ageSeconds").asLong() + " s old; the copy"
                        + " holds it as @" + held.name + ", created " + (now.getEpochSecond() - held.creation) + " s ago");
            }
        }
    }

    /** The push's run directories of this history, oldest first, and which of them the night's process died in. */
    private final List<Path> nightDirs = new ArrayList<>();
    private final Set<Path> died = new HashSet<>();
    /** Nights whose record the chain check read, and nights that died and a later record named unfinished. */
    int recorded;
    int namedUnfinished;

    /** The night to nas made its run directory. */
    void nightStarted(Path dir) {
        nightDirs.add(dir);
    }

    /**
     * The chain names every night that ran (12): a night that ended has its audit record, linked to
     * the last night that ended before it, over each night that died between as unfinished with
     * exactly the files it left (never as skipped or absent), and the chain from that night to this
     * one is intact; a night that died left files (night.json from its start), so the next one can
     * name it.
     */
    void nightEnded(Path dir, boolean killed, String tonightsSnapshot) {
        if (dir == null) {
            return;
        }
        if (!killed) {
            nightSaid(dir, tonightsSnapshot);
        }
        try {
            if (killed) {
                died.add(dir);
                if (filesOf(dir).isEmpty()) {
                    violation(NightlySimulation.Hop.NAS, "chain", dir.getFileName() + " died and left no file: the "
                            + "next night would call it a night without zfs steps");
                }
                return;
            }
            Path record = dir.resolve("audit.json");
            if (!Files.isRegularFile(record)) {
                violation(NightlySimulation.Hop.NAS, "chain", "night " + dir.getFileName() + " ended without its record");
                return;
            }
            JsonNode audit = new ObjectMapper().readTree(record.toFile());
            List<Path> link = new ArrayList<>();
            Path before = null;
            for (Path earlier : nightDirs.subList(0, nightDirs.indexOf(dir))) {
                if (!died.contains(earlier)) {
                    before = earlier;
                    link.clear();
                }
                link.add(earlier);
            }
            JsonNode previous = audit.path("previous");
            if (before == null) {
                if (!previous.isNull() && !previous.isMissingNode()) {
                    violation(NightlySimulation.Hop.NAS, "chain", "night " + dir.getFileName() + " links to "
                            + previous + ", though no night before it ended");
                }
            } else if (previous.path("build").asLong() != Long.parseLong(before.getFileName().toString())) {
                violation(NightlySimulation.Hop.NAS, "chain", "night " + dir.getFileName() + " links to build "
                        + previous.path("build") + ", not to the last night that ended, " + before.getFileName());
            } else {
                List<String> expected = new ArrayList<>();
                for (Path dead : link.subList(1, link.size())) {
                    expected.add(dead.getFileName() + " unfinished " + filesOf(dead));
                }
                List<String> named = new ArrayList<>();
                previous.path("skipped").forEach(skipped -> {
                    List<String> left = new ArrayList<>();
                    skipped.path("left").forEach(file -> left.add(file.path("path").asText()));
                    named.add(skipped.path("build").asText() + " " + skipped.path("why").asText() + " " + left);
                });
                namedUnfinished += expected.size();
                if (!named.equals(expected)) {
                    violation(NightlySimulation.Hop.NAS, "chain", "night " + dir.getFileName() + " names the nights"
                            + " between as " + named + "; they were " + expected);
                }
            }
            recorded++;
            link.add(dir);
            if (!io.jenkins.plugins.zfsreplication.audit.ChainCheck.check(link, null).intact()) {
                violation(NightlySimulation.Hop.NAS, "chain", "the chain to night " + dir.getFileName() + " is broken: "
                        + io.jenkins.plugins.zfsreplication.audit.ChainCheck.check(link, null).line());
            }
        } catch (IOException | RuntimeException e) {
            violation(NightlySimulation.Hop.NAS, "chain", "night " + dir.getFileName() + ": " + e);
        }
    }

    /**
     * What night.json says of the night to nas (8, as the night reports it): every dataset under the
     * source root has an outcome; "sent" and "current" only where the copy holds the snapshot (tonight's,
     * or the source's newest), by GUID; a dataset not backed up tonight that is not the backup host's
     * own exclusion needs a person; and a night with one that needs a person, or that never got to
     * its datasets, does not exit 0.
     */
    private void nightSaid(Path dir, String tonightsSnapshot) {
        NightlySimulation.Hop hop = NightlySimulation.Hop.NAS;
        JsonNode night;
        try {
            night = new ObjectMapper().readTree(dir.resolve("night.json").toFile());
        } catch (IOException e) {
            violation(hop, "night says", "no night.json after a night that ended: " + e.getMessage());
            return;
        }
        int status = night.path("exitStatus").asInt(-1);
        Map<String, String> outcomes = new HashMap<>();
        night.path("datasets").forEach(d -> outcomes.put(d.path("dataset").asText(), d.path("outcome").asText()));
        if (outcomes.isEmpty()) {
            if (status == 0) {
                violation(hop, "night says", "exit 0 without an outcome for any dataset");
            }
            return;
        }
        SimHost source = host(hop.source);
        boolean needsAPerson = false;
        for (String dataset : sourceDatasets(hop)) {
            SimHost.Dataset own = source.datasets.get(dataset);
            if (own == null) {
                continue;
            }
            String outcome = outcomes.get(dataset);
            if (outcome == null) {
                violation(hop, "night says", dataset + " has no outcome in night.json");
                continue;
            }
            SimHost.Snap wanted = own.snapshot(tonightsSnapshot);
            SimHost.Snap newest = own.snapshots.stream().filter(snap -> NightlySimulation.NAMING.isCandidate(snap.name))
                    .reduce((a, b) -> b).orElse(null);
            SimHost.Dataset copy = allDatasets(host(hop.target)).get(hop.targetOf(dataset));
            boolean hasTonight = holds(copy, wanted);
            boolean hasNewest = holds(copy, newest);
            boolean ownersChoice = "off".equals(source.property(dataset, NightlySimulation.BACKUP_PROPERTY));
            switch (outcome) {
                case "sent" -> {
                    if (!hasTonight) {
                        violation(hop, "night says", dataset + " sent, but the copy lacks @" + tonightsSnapshot);
                    }
                }
                case "current" -> {
                    if (!hasNewest && !hasTonight) {
                        violation(hop, "night says", dataset + " current, but the copy lacks the source's newest @"
                                + (newest == null ? null : newest.name));
                    }
                }
                case "excluded" -> {
                    if (!ownersChoice) {
                        violation(hop, "night says", dataset + " excluded without the backup host's say");
                    }
                }
                case "attention", "failed" -> needsAPerson = true;
                default -> violation(hop, "night says", dataset + ": an outcome night.json has no name for: " + outcome);
            }
        }
        if (needsAPerson && status == 0) {
            violation(hop, "night says", "exit 0 with a dataset that needs attention: " + outcomes);
        }
    }

    private static boolean holds(SimHost.Dataset copy, SimHost.Snap snap) {
        return copy != null && snap != null && copy.snapshots.stream().anyMatch(s -> s.guid == snap.guid);
    }

    /** The files a run directory holds, as audit record names them: relative paths, sorted, the record left out. */
    private static List<String> filesOf(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).map(file -> dir.relativize(file).toString())
                    .filter(name -> !name.equals("audit.json")).sorted().toList();
        }
    }

    private void violation(NightlySimulation.Hop hop, String invariant, String what) {
        violations.add(String.format("night %d%s: %s: %s", night, hop == null ? "" : " " + hop, invariant, what));
    }
}
