package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.prune.PruneOptions;
import io.jenkins.plugins.zfsreplication.prune.RetentionPolicy;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.transfer.BaseHolds;
import io.jenkins.plugins.zfsreplication.transfer.RetryPolicy;
import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * Night after night of backups on simulated hosts, driving the real command line (plan, prune,
 * check: option parsing, plan.json, prune-report.json, exit statuses) and the real transfer engine
 * (retention between steps, the checks before each step, resume, holds and bookmarks after a run)
 * against {@link SimCluster}: a source {@code src} (tank/data, tank/data/sub, tank/secret
 * encrypted), a target {@code nas} it pushes to every night, a target {@code off} that pulls from
 * it and is away for weeks at times, and a cascade from {@code nas} to {@code far}. Each night may
 * bring faults ({@link Fault}); after each night {@link SafetyOracle} checks every invariant of
 * docs/prune-safety.md against the hosts, independently of the engine's decisions.
 */
final class NightlySimulation {
    /** What can go wrong in a night. */
    enum Fault {
        /** nas's pool is exported when the plan is made (and back the next night). */
        TARGET_GONE_AT_PLAN,
        /** nas's pool is exported between plan and prune. */
        TARGET_GONE_AT_PRUNE,
        /** nas's pool is exported between prune and run. */
        TARGET_GONE_AT_RUN,
        /** The receive into nas fails (quota, permission, network). */
        TRANSFER_FAILS,
        /** The stream into nas is cut after part of it arrived. */
        TRANSFER_CUT,
        /** The agent is lost between prune and run: the run never happens. */
        AGENT_LOST,
        /** src's clock jumps ahead by weeks for the night's snapshot (and comes back). */
        CLOCK_JUMP,
        /**
         * src's clock is years ahead when the night to nas starts (and comes back the next night): the
         * night's one "now", which names its snapshot and ages the prune's candidates, is years off while
         * every earlier snapshot was taken on time.
         */
        PRUNE_CLOCK_JUMP,
        /** Someone takes a snapshot on src named years ahead. */
        FUTURE_NAME,
        /** Someone takes snapshots on src with names that only look like the naming. */
        MALFORMED_NAME,
        /** A hostile source takes a snapshot named in the past, after newer ones: it arrives out of order. */
        OLD_NAME,
        /** off goes away for weeks (its pool exported); it comes back on its own. */
        OFF_AWAY,
        /** off's ssh to src fails tonight. */
        OFF_UNREACHABLE,
        /** The cascade's stream into far fails. */
        CASCADE_FAILS,
        /** src's tank/data gets a zfs-replication:keep-target of its own (the cascade receives it too). */
        PROPERTY_SET,
        /** src's keep-target property is removed again. */
        PROPERTY_CLEARED,
        /** Someone holds a snapshot on nas while the prune decides (between its listing and its destroys). */
        HOLD_DURING_PRUNE,
        /** plan.json is edited between prune and run to roll nas back. */
        PLAN_TAMPERED,
        /** Someone destroys src's newest snapshot by hand (the next base: a bookmark stands in where there is one). */
        HAND_DESTROY,
        /** The night's prune runs again after the run, on the same plan.json (a job retried from the prune on). */
        PRUNE_REPEATED,
        /**
         * The receives into nas and into off land, then fail (zfs recv cannot mount what it received); on
         * some nights the connection to the other host drops as well, so the run cannot see what arrived.
         */
        RECEIVE_LANDS_FAILED,
        /** src's tank/data/sub gets a zfs-replication:backup that is neither on nor off (a typo, a case, a space). */
        PROPERTY_TYPO,
        /** src (hostile, or its owner) sets zfs-replication:backup=off on its own tank/data/sub. */
        PROPERTY_OFF_BY_SOURCE,
        /** src's zfs-replication:backup on tank/data/sub is removed again. */
        PROPERTY_FIXED,
        /** Someone renames one of src's snapshots of tank/data to a name of tonight (an old copy would look new). */
        SNAPSHOT_RENAMED,
        /**
         * src's tank/data is rolled back ({@code zfs rollback -r}, its holds released first) to an older
         * snapshot and lives on: its later snapshots exist only on the copies now. From this night on
         * every hop's plan and run have the night's {@code allow-rollback} consent.
         */
        SOURCE_ROLLED_BACK,
        /** An admin clones a snapshot of a copy on nas's pool (a restore) and destroys the clone some nights later. */
        ADMIN_CLONE,
        /** An admin destroys nas's copy of tank/data/sub ({@code zfs destroy -r}); the night's plan sends it again in full. */
        COPY_RERECEIVED,
        /**
         * The machine running src's push to nas dies (SIGKILL, the OOM killer, power lost) after a random
         * number of its commands: in the plan, the prune (between two destroys) or the run (before or after a
         * stream, between holds and releases). Nothing after that point runs; the next night finds what it left.
         */
        NIGHT_KILLED
    }

    /** Values of zfs-replication:backup that are neither on nor off. */
    private static final String[] TYPOS = {"yes", "On", "true", "1", "of f", "off ", ""};

    static final SnapshotNaming NAMING = SnapshotNaming.of("zr");
    static final String BACKUP_PROPERTY = "zfs-replication:backup";
    static final String KEEP_SOURCE = "last: 3";
    static final String KEEP_TARGET = "grid: 1x2d(keep=all) | 4x2d | 3x1w";
    static final String KEEP_OFF = "last: 4";
    static final String KEEP_FAR = "last: 3";
    static final String PROPERTY_RULES = "last: 2";
    private static final Instant START = Instant.parse("2031-03-01T02:00:00Z");

    final SimCluster cluster = new SimCluster();
    final SimHost src;
    final SimHost nas;
    final SimHost off;
    final SimHost far;
    final Map<Fault, Integer> faults = new EnumMap<>(Fault.class);
    final SafetyOracle oracle;
    final List<String> log = new ArrayList<>();
    private final Random random;
    private final Path work;
    private final Map<String, Duration> offsets = new HashMap<>();
    private Instant world = START;
    private int offAwayUntil = -1;
    /** The night config's allow-rollback: given to every hop's plan and run since a source was rolled back. */
    private boolean allowRollback;
    /** The admin's clone on nas, and the night it is destroyed. */
    private String adminClone;
    private int adminCloneUntil;
    private int nightNumber;
    int nights;
    int refusals;
    /** Nights whose push was killed ({@link Fault#NIGHT_KILLED}) before it ended. */
    int kills;
    int transfersOk;
    int landedFailed;
    /** Tonight's run directory of the push to nas. */
    Path nasDir;
    /** Tonight's snapshot of the night to nas (named by the night's "now"). */
    private String nasSnapshot;
    /** Whether the push to nas reached its run tonight. */
    private boolean ranNas;
    /** Whether the push's prune is under way (a kill then leaves destroys without a report). */
    private boolean pruning;
    /** The hop's run failed as a whole tonight (an exception: the job fails where people look). */
    private boolean runFailed;
    /** The source datasets with a step that did not end ok in the hop's run tonight. */
    private final Set<String> notOk = new java.util.HashSet<>();

    NightlySimulation(long seed, boolean oldSource, Path work) {
        this.random = new Random(seed);
        this.work = work;
        this.src = cluster.add(new SimHost("src", oldSource, random, () -> clock("src")));
        this.nas = cluster.add(new SimHost("nas", false, random, () -> clock("nas")));
        this.off = cluster.add(new SimHost("off", false, random, () -> clock("off")));
        this.far = cluster.add(new SimHost("far", random.nextBoolean(), random, () -> clock("far")));
        for (SimHost host : List.of(src, nas, off, far)) {
            host.create(pool(host));
        }
        src.create("tank/data");
        src.create("tank/data/sub");
        if (!oldSource) {
            SimHost.Dataset secret = src.create("tank/secret");
            secret.cipher = "aes-256-gcm";
            secret.encryptionRoot = "tank/secret";
            secret.keyLoaded = true;
        }
        far.create("deep/nas");
        this.oracle = new SafetyOracle(this);
    }

    private static String pool(SimHost host) {
        return switch (host.name) {
            case "src" -> "tank";
            case "nas" -> "backup";
            case "off" -> "vault";
            default -> "deep";
        };
    }

    Instant clock(String host) {
        return world.plus(offsets.getOrDefault(host, Duration.ZERO));
    }

    /** One night with {@code tonight}'s faults; the oracle's findings go to {@link SafetyOracle#violations}. */
    void night(Set<Fault> tonight) {
        nightNumber++;
        nights++;
        tonight.forEach(fault -> faults.merge(fault, 1, Integer::sum));
        world = world.plus(Duration.ofDays(1)).plusSeconds(random.nextInt(600));
        offsets.clear();
        for (SimHost host : List.of(src, nas, off, far)) {
            host.exported.keySet().stream().toList().forEach(pool -> {
                if (!host.name.equals("off") || nightNumber > offAwayUntil) {
                    host.importPool(pool);
                }
            });
        }
        cluster.unreachable.clear();
        oracle.startNight(nightNumber, tonight);
        handFaults(tonight);
        src.write(src.dataset("tank/data"), 1000 + random.nextInt(1000));
        int lives = -1;
        if (tonight.contains(Fault.NIGHT_KILLED)) {
            // a plan lists and snapshots in a few commands, a prune destroys one by one, a run holds and sends:
            // up to 80 reaches into each of them
            lives = random.nextInt(80);
            cluster.commandsToLive = lives;
        }
        if (tonight.contains(Fault.PRUNE_CLOCK_JUMP)) {
            // the night's one "now" is taken as it starts: a clock years ahead then is the whole night's
            offsets.merge("src", Duration.ofDays(365 + random.nextInt(3000)), Duration::plus);
        }
        boolean killed = false;
        try {
            pushToNas(tonight);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SimCluster.Killed e) {
            killed = true;
            log.add("night " + nightNumber + ": the push to nas was killed at its command " + (lives + 1)
                    + (pruning ? ", in its prune" : ""));
            kills += tonight.contains(Fault.NIGHT_KILLED) ? 1 : 0;
            if (pruning) {
                oracle.pruneKilled(Hop.NAS);
            }
        } finally {
            pruning = false;
            cluster.commandsToLive = -1;
            cluster.killed = false;
            cluster.interceptor = (host, argv) -> null;
            releaseAudit();
        }
        oracle.nightEnded(nasDir, killed, nasSnapshot);
        pullToOff(tonight);
        cascadeToFar(tonight);
        oracle.endNight();
    }

    private void handFaults(Set<Fault> tonight) {
        SimHost.Dataset data = src.dataset("tank/data");
        if (tonight.contains(Fault.CLOCK_JUMP)) {
            offsets.put("src", Duration.ofDays(20 + random.nextInt(400)));
        }
        if (tonight.contains(Fault.FUTURE_NAME)) {
            src.snapshot(data, NAMING.name(world.plus(Duration.ofDays(365 + random.nextInt(3000)))));
        }
        if (tonight.contains(Fault.MALFORMED_NAME)) {
            String[] names = {"zr-20311301T000000Z", "zr-2031-01-01", "zr-20310230T000000Z", "manual-1", "zr-"};
            String name = names[random.nextInt(names.length)] + (data.snapshot(names[0]) == null ? "" : nightNumber);
            if (data.snapshot(name) == null) {
                src.snapshot(data, name);
            }
        }
        if (tonight.contains(Fault.OLD_NAME)) {
            src.snapshot(data, NAMING.name(world.minus(Duration.ofDays(3 + random.nextInt(40))).plusSeconds(nightNumber)));
        }
        if (tonight.contains(Fault.PROPERTY_SET)) {
            data.local.put("zfs-replication:keep-target", PROPERTY_RULES);
        }
        if (tonight.contains(Fault.PROPERTY_CLEARED)) {
            data.local.remove("zfs-replication:keep-target");
        }
        SimHost.Dataset sub = src.dataset("tank/data/sub");
        if (tonight.contains(Fault.PROPERTY_TYPO)) {
            sub.local.put(BACKUP_PROPERTY, TYPOS[random.nextInt(TYPOS.length)]);
        }
        if (tonight.contains(Fault.PROPERTY_OFF_BY_SOURCE)) {
            sub.local.put(BACKUP_PROPERTY, "off");
        }
        if (tonight.contains(Fault.PROPERTY_FIXED)) {
            sub.local.remove(BACKUP_PROPERTY);
        }
        if (tonight.contains(Fault.SNAPSHOT_RENAMED)) {
            List<SimHost.Snap> named = data.snapshots.stream().filter(snap -> NAMING.isCandidate(snap.name)).toList();
            String fresh = NAMING.name(world.plusSeconds(nightNumber));
            if (!named.isEmpty() && data.snapshot(fresh) == null) {
                SimHost.Snap old = named.get(random.nextInt(named.size()));
                SimHost.Snap renamed = new SimHost.Snap(fresh, old.guid, old.txg, old.creation, old.referenced,
                        old.encrypted);
                renamed.holds.addAll(old.holds);
                data.snapshots.set(data.snapshots.indexOf(old), renamed);
            }
        }
        if (tonight.contains(Fault.HAND_DESTROY) && data.newest() != null && data.newest().holds.isEmpty()) {
            data.snapshots.remove(data.newest()); // a person's destroy: not the tool's, not recorded as its
        }
        if (tonight.contains(Fault.SOURCE_ROLLED_BACK) && data.snapshots.size() >= 2) {
            rollBackSource(data);
        }
        adminClone(tonight);
        if (tonight.contains(Fault.COPY_RERECEIVED)) {
            destroyCopy("backup/src/data/sub");
        }
        if (tonight.contains(Fault.OFF_AWAY) && nightNumber > offAwayUntil) {
            offAwayUntil = nightNumber + 7 + random.nextInt(28);
        }
        if (nightNumber <= offAwayUntil) {
            off.exportPool("vault");
        }
        if (tonight.contains(Fault.OFF_UNREACHABLE)) {
            cluster.unreachable.add("src");
        }
    }

    /**
     * An admin (or ransomware) takes tank/data back to an older snapshot: the holds on the later ones
     * released (zfs rollback -r refuses a held snapshot), then {@code zfs rollback -r}, which destroys
     * the later snapshots and bookmarks. Not the tool's destroy: it is not recorded as one.
     */
    private void rollBackSource(SimHost.Dataset data) {
        SimHost.Snap to = data.snapshots.get(random.nextInt(data.snapshots.size() - 1));
        List<SimHost.Snap> lost = List.copyOf(data.snapshots.subList(data.snapshots.indexOf(to) + 1,
                data.snapshots.size()));
        data.snapshots.removeAll(lost);
        data.bookmarks.removeIf(bookmark -> bookmark.txg > to.txg);
        data.referenced = to.referenced;
        allowRollback = true;
        log.add("night " + nightNumber + ": src rolled tank/data back to @" + to.name + ", losing "
                + lost.stream().map(s -> s.name).toList());
        oracle.sourceRolledBack(src, lost.stream().map(s -> s.guid).collect(java.util.stream.Collectors.toSet()));
    }

    /** An admin's restore from nas's copy: a clone of one of its snapshots, destroyed again some nights later. */
    private void adminClone(Set<Fault> tonight) {
        if (adminClone != null && nightNumber >= adminCloneUntil && nas.dataset(adminClone) != null) {
            nas.datasets.remove(adminClone); // zfs destroy of the clone: it has no snapshots of its own
            adminClone = null;
        }
        if (!tonight.contains(Fault.ADMIN_CLONE) || adminClone != null) {
            return;
        }
        List<String> snapshots = new ArrayList<>();
        nas.datasets.values().stream().filter(d -> d.name.startsWith("backup/src"))
                .forEach(d -> d.snapshots.forEach(snap -> snapshots.add(d.name + "@" + snap.name)));
        if (snapshots.isEmpty()) {
            return;
        }
        String name = "backup/restore-" + nightNumber;
        String origin = snapshots.get(random.nextInt(snapshots.size()));
        if (new SimZfsCommands(nas).run(List.of("zfs", "clone", origin, name)).exitStatus() == 0) {
            adminClone = name;
            adminCloneUntil = nightNumber + 1 + random.nextInt(10);
            log.add("night " + nightNumber + ": the admin cloned " + origin + " to " + name);
        }
    }

    /**
     * An admin's {@code zfs destroy -r} of a copy on nas, its holds released first (not where a clone
     * depends on it: zfs would refuse).
     */
    private void destroyCopy(String copy) {
        SimHost.Dataset dataset = nas.dataset(copy);
        if (dataset == null || nas.datasets.keySet().stream().anyMatch(d -> d.startsWith(copy + "/"))
                || dataset.snapshots.stream().anyMatch(snap -> !nas.clonesOf(snap).isEmpty())) {
            return;
        }
        nas.datasets.remove(copy);
        log.add("night " + nightNumber + ": the admin destroyed " + copy);
        oracle.copyDestroyed(Hop.NAS, "tank/data/sub", dataset);
    }

    /** The plan's arguments, with the night's allow-rollback where it is given. */
    private String[] planArgs(String... args) {
        if (!allowRollback) {
            return args;
        }
        String[] with = java.util.Arrays.copyOf(args, args.length + 1);
        System.arraycopy(args, 1, with, 2, args.length - 1);
        with[1] = "--allow-rollback";
        return with;
    }

    /**
     * src pushes to nas with the night itself ({@link Night}): NightCommand's run directory and
     * previous record, night.json from the start, plan with tonight's snapshot, prune both sides
     * (with the previous night's start as a witness), run with target id "nas", check, the audit
     * record. Every stage is the real subcommand but the run, whose stream goes through
     * {@link SimTransport}; the faults of the night land between the stages.
     */
    private void pushToNas(Set<Fault> tonight) throws IOException {
        Path runs = Files.createDirectories(work.resolve("runs"));
        long newest = NightCommand.newest(runs);
        Path previous = NightCommand.newestRecorded(runs, newest);
        Path dir = Files.createDirectory(runs.resolve(Long.toString(newest + 1)));
        nasDir = dir;
        nasSnapshot = NAMING.name(clock("src"));
        oracle.nightStarted(dir);
        if (tonight.contains(Fault.TARGET_GONE_AT_PLAN)) {
            nas.exportPool("backup");
        }
        ranNas = false;
        StringWriter out = new StringWriter();
        CliEnvironment environment = new CliEnvironment(cluster.runner("src"), new PrintWriter(out, true),
                new PrintWriter(out, true), Clock.fixed(clock("src"), ZoneOffset.UTC));
        Night night = new Night(environment, NightConfig.read(nightConfig()), dir, previous, clock("src"), false,
                (name, where, arguments) -> stage(name, where, arguments, tonight, dir));
        int status = night.run();
        log.add("night " + nightNumber + " -> " + status);
        if (ranNas) {
            oracle.accounted(Hop.NAS, dir, runFailed, notOk, NAMING.name(clock("src")));
        }
        if (ranNas && tonight.contains(Fault.PRUNE_REPEATED) && !tonight.contains(Fault.PLAN_TAMPERED)) {
            // the plan's snapshots are the target's own now: they must not count twice. A job retried from the
            // prune on: its own directory (the night's is recorded)
            Path retry = Files.createDirectories(work.resolve("retry"));
            Files.copy(dir.resolve("plan.json"), retry.resolve("plan.json"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            oracle.beforePrune(Hop.NAS, clock("src"));
            Cli again = cli("src", "prune", "--plan", retry.resolve("plan.json").toString(), "--keep-source",
                    KEEP_SOURCE, "--keep-target", KEEP_TARGET, "--destroy");
            oracle.pruned(Hop.NAS, again, retry);
            oracle.repeated(Hop.NAS, again);
        }
    }

    /** The night's config file: the push to nas as the packaged nightly would have it. */
    private Path nightConfig() throws IOException {
        List<String> lines = new ArrayList<>(List.of("source = tank", "recursive = yes", "target-host = nas",
                "target-root = backup/src", "prefix = zr", "keep-source = " + KEEP_SOURCE, "keep-target = " + KEEP_TARGET,
                "target-id = nas", "verify = off", "job = sim-nas", "runs = " + work.resolve("runs")));
        if (allowRollback) {
            lines.add("allow-rollback = yes");
        }
        return Files.write(work.resolve("night.conf"), lines);
    }

    /** One stage of the night to nas: the faults due before it, the subcommand, what the oracle sees of it. */
    private int stage(String name, CliEnvironment where, String[] arguments, Set<Fault> tonight, Path dir) {
        switch (name) {
            case "plan" -> {
                oracle.beforePlan(Hop.NAS);
                Cli plan = stage(where, arguments);
                oracle.planned(Hop.NAS, plan.status);
                if (plan.status == 0) {
                    if (tonight.contains(Fault.TARGET_GONE_AT_PRUNE)) {
                        nas.exportPool("backup");
                    }
                    if (tonight.contains(Fault.HOLD_DURING_PRUNE)) {
                        holdDuringPrune();
                    }
                }
                return plan.status;
            }
            case "prune" -> {
                oracle.beforePrune(Hop.NAS, clock("src"));
                pruning = true;
                Cli prune = stage(where, arguments);
                pruning = false;
                cluster.interceptor = (host, argv) -> null;
                releaseAudit();
                oracle.pruned(Hop.NAS, prune, dir);
                if (adminClone != null) {
                    oracle.prunedAroundClone(Hop.NAS, prune, adminClone);
                }
                if (tonight.contains(Fault.AGENT_LOST)) {
                    log.add("night " + nightNumber + ": the agent was lost after the prune");
                    throw new SimCluster.Killed();
                }
                return prune.status;
            }
            case "run" -> {
                ranNas = true;
                notOk.clear();
                if (tonight.contains(Fault.TARGET_GONE_AT_RUN)) {
                    nas.exportPool("backup");
                }
                if (tonight.contains(Fault.PLAN_TAMPERED)) {
                    tamper(dir.resolve("plan.json"));
                }
                SimTransport.Fault fault = tonight.contains(Fault.TRANSFER_FAILS) ? SimTransport.Fault.FAIL
                        : tonight.contains(Fault.TRANSFER_CUT) ? SimTransport.Fault.CUT
                        : tonight.contains(Fault.RECEIVE_LANDS_FAILED) ? SimTransport.Fault.LANDED_FAILED
                        : SimTransport.Fault.NONE;
                run(Hop.NAS, "src", new Zfs(cluster.runner("src")), new End.OverSsh("nas", List.of()).zfs(
                        cluster.runner("src")), src, nas, dir, fault, "nas",
                        EnumSet.of(SendOption.RESUMABLE, SendOption.PROPERTIES), KEEP_TARGET);
                // as TransferRun ends: any step that did not end ok fails the run
                return runFailed || !notOk.isEmpty() ? Main.FAILED : 0;
            }
            case "check" -> {
                Cli check = stage(where, arguments);
                oracle.checked(Hop.NAS, check);
                return check.status;
            }
            default -> {
                return stage(where, arguments).status;
            }
        }
    }

    /** A stage's subcommand on src, its clock as it is now, what it prints passed on as well. */
    private Cli stage(CliEnvironment where, String[] arguments) {
        Cli cli = cli(where.localRunner(), clock("src"), arguments);
        where.out().print(cli.out);
        where.out().flush();
        where.err().print(cli.err);
        where.err().flush();
        return cli;
    }

    /** off pulls from src: plan over ssh, prune its own copies by its own rules, run with target id "off". */
    private void pullToOff(Set<Fault> tonight) {
        Path dir = work.resolve("off");
        oracle.beforePlan(Hop.OFF);
        Cli plan = cli("off", planArgs("plan", "-r", "--source-host", "src", "--target-root", "vault/src", "-o",
                dir.toString(), "tank"));
        oracle.planned(Hop.OFF, plan.status);
        if (plan.status != 0) {
            return;
        }
        oracle.beforePrune(Hop.OFF, clock("off"));
        // its rules count from the newest snapshot the source took (zrepl's alignment): a name from the future
        // must not be that
        Cli prune = cli("off", "prune", "--plan", dir.resolve("plan.json").toString(), "--keep-target", KEEP_OFF,
                "--now", "newest", "--destroy");
        oracle.pruned(Hop.OFF, prune, dir);
        if (prune.status != 0) {
            return;
        }
        notOk.clear();
        run(Hop.OFF, "off", new End.OverSsh("src", List.of()).zfs(cluster.runner("off")), new Zfs(cluster.runner("off")),
                src, off, dir, tonight.contains(Fault.RECEIVE_LANDS_FAILED) ? SimTransport.Fault.LANDED_FAILED
                        : SimTransport.Fault.NONE, "off", EnumSet.of(SendOption.RESUMABLE), KEEP_OFF);
        oracle.accounted(Hop.OFF, dir, runFailed, notOk, null);
    }

    /** nas passes its copies on to far: a cascade, whose source carries received properties. */
    private void cascadeToFar(Set<Fault> tonight) {
        Path dir = work.resolve("far");
        oracle.beforePlan(Hop.FAR);
        Cli plan = cli("nas", planArgs("plan", "-r", "--target-host", "far", "--target-root", "deep/nas/src", "-o",
                dir.toString(), "backup/src"));
        oracle.planned(Hop.FAR, plan.status);
        if (plan.status != 0) {
            return;
        }
        oracle.beforePrune(Hop.FAR, clock("nas"));
        Cli prune = cli("nas", "prune", "--plan", dir.resolve("plan.json").toString(), "--keep-target", KEEP_FAR,
                "--destroy");
        oracle.pruned(Hop.FAR, prune, dir);
        if (prune.status != 0) {
            return;
        }
        notOk.clear();
        run(Hop.FAR, "nas", new Zfs(cluster.runner("nas")), new End.OverSsh("far", List.of()).zfs(cluster.runner("nas")),
                nas, far, dir, tonight.contains(Fault.CASCADE_FAILS) ? SimTransport.Fault.FAIL : SimTransport.Fault.NONE,
                null, EnumSet.of(SendOption.RESUMABLE), KEEP_FAR);
        oracle.accounted(Hop.FAR, dir, runFailed, notOk, null);
    }

    /** The three hops of a night. */
    enum Hop {
        NAS("src", "nas", "tank", "backup/src"),
        OFF("src", "off", "tank", "vault/src"),
        FAR("nas", "far", "backup/src", "deep/nas/src");

        final String source;
        final String target;
        final String sourceRoot;
        final String targetRoot;

        Hop(String source, String target, String sourceRoot, String targetRoot) {
            this.source = source;
            this.target = target;
            this.sourceRoot = sourceRoot;
            this.targetRoot = targetRoot;
        }

        String targetOf(String sourceDataset) {
            return targetRoot + sourceDataset.substring(sourceRoot.length());
        }
    }

    /**
     * What {@code run PLAN --keep-target RULES --target-id ID} does (RunCommand): the plan read back,
     * both ends' zfs, the retention gate, the transfer engine on this host's clock, then the target
     * id's holds; the stream goes through {@link SimTransport} instead of processes.
     */
    private void run(Hop hop, String host, Zfs source, Zfs target, SimHost sourceHost, SimHost targetHost, Path dir,
                     SimTransport.Fault fault, String id, Set<SendOption> requested, String keepTarget) {
        try {
            ReplicationPlan plan = PlanJson.read(dir.resolve("plan.json"));
            Clock clock = Clock.fixed(clock(host), ZoneOffset.UTC);
            PruneOptions retention = new PruneOptions(RetentionPolicy.parse(keepTarget), null, NAMING,
                    PruneOptions.NowMode.WALL_CLOCK, clock.instant());
            TransferOptions options = TransferOptions.defaults().withRequested(requested).withBuffer(0, 0)
                    .withRetry(RetryPolicy.NONE).withAllowRollback(allowRollback);
            SimTransport transport = new SimTransport(cluster, sourceHost, targetHost, () -> fault, random);
            // a landing that fails may take the connection with it: the run then cannot list the other side
            String other = host.equals(sourceHost.name) ? targetHost.name : sourceHost.name;
            boolean drops = random.nextBoolean() && !cluster.unreachable.contains(other);
            transport.afterLanding = () -> {
                if (drops) {
                    cluster.unreachable.add(other);
                }
            };
            runFailed = false;
            try {
                runJob(hop, source, target, plan, transport, dir, id, retention, options, clock);
            } finally {
                if (drops) {
                    cluster.unreachable.remove(other); // back for the night's later hops
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            // the engine refused the plan or a host (a stale plan, a target gone): the night's job fails, as in cron
            log.add("run " + hop + " failed: " + e.getMessage());
            runFailed = true;
        }
    }

    private void runJob(Hop hop, Zfs source, Zfs target, ReplicationPlan plan, SimTransport transport, Path dir,
                        String id, PruneOptions retention, TransferOptions options, Clock clock) throws IOException {
        SendRecvJob job = SendRecvJob.bothEnds(transport, source, target, retention, plan, options, log::add)
                .clocked(clock);
        // the cascade runs without a target id: its bases on nas are kept by nas's bookmarks alone
        SendRecvJob.Result result;
        try {
            result = job.run(plan, dir, id == null ? null : new BaseHolds(source, target, id));
        } finally {
            landedFailed += transport.landedFailed;
        }
        transfersOk += (int) result.report().steps().stream().filter(s -> s.outcome().name().equals("OK")).count();
        // a step that did not end ok is in transfer.json and fails the run: reported, whatever the copy holds
        result.report().steps().stream().filter(s -> !s.outcome().name().equals("OK"))
                .forEach(s -> notOk.add(s.step().source().name()));
        oracle.ran(hop, transport);
    }

    /** Someone holds nas's snapshots after the prune's listing, before its destroys (and releases them after). */
    private void holdDuringPrune() {
        int[] lists = {0};
        cluster.interceptor = (host, argv) -> {
            if (host == nas && argv.size() > 1 && argv.get(1).equals("list") && ++lists[0] == 2) {
                nas.datasets.values().forEach(d -> d.snapshots.forEach(snap -> snap.holds.add("audit")));
            }
            return null;
        };
    }

    private void releaseAudit() {
        nas.datasets.values().forEach(d -> d.snapshots.forEach(snap -> snap.holds.remove("audit")));
    }

    /** plan.json edited so that its first step rolls the target back. */
    private static void tamper(Path planFile) {
        try {
            String json = Files.readString(planFile);
            Files.writeString(planFile, json.replaceFirst("\"rollback\" : false", "\"rollback\" : true"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A command line's run: its exit status and what it printed. */
    record Cli(int status, String out, String err) {
    }

    Cli cli(String host, String... args) {
        return cli(cluster.runner(host), clock(host), args);
    }

    private Cli cli(CommandRunner runner, Instant now, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true),
                Clock.fixed(now, ZoneOffset.UTC)), args);
        if (status == 2 && err.toString().contains("Prune refused")) {
            refusals++;
        }
        log.add(String.join(" ", args) + " -> " + status + (err.toString().contains("error:")
                ? " " + err.toString().substring(err.toString().indexOf("error:")).strip() : ""));
        return new Cli(status, out.toString(), err.toString());
    }
}
