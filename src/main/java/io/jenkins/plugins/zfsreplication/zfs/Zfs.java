package io.jenkins.plugins.zfsreplication.zfs;

import java.time.Duration;
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
    private Capabilities capabilities;

    public Zfs(CommandRunner runner) {
        this(runner, DEFAULT_TIMEOUT);
    }

    public Zfs(CommandRunner runner, Duration timeout) {
        this.runner = Objects.requireNonNull(runner, "runner");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    public String host() {
        return runner.host();
    }

    /** The host's capabilities, probed on first use and kept for this instance's life. */
    public synchronized Capabilities capabilities() {
        if (capabilities == null) {
            capabilities = CapabilityProbe.probe(runner);
        }
        return capabilities;
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
        if (roots.isEmpty()) {
            throw new ZfsException("Nothing to list: give at least one dataset");
        }
        extraProperties.forEach(Zfs::checkPropertyName);
        ListingParser parser = new ListingParser(extraProperties);
        boolean parsable = capabilities().has(Feature.PARSABLE_LIST);
        List<String> command = new ArrayList<>();
        if (parsable) {
            command.addAll(List.of("zfs", "list", "-Hp", "-t", "all", "-o", "name," + parser.propertyList()));
        } else {
            command.addAll(List.of("zfs", "get", "-Hp", "-o", "name,property,value"));
        }
        // -d 1 reaches a root's snapshots; its child datasets are dropped below
        command.addAll(recursive ? List.of("-r") : List.of("-d", "1"));
        if (!parsable) {
            command.add(parser.propertyList());
        }
        roots.forEach(root -> command.add(root.name()));
        String output = run(command).stdout();
        List<ZfsObject> objects = parsable ? parser.parseList(output) : parser.parseGet(output);
        if (!recursive) {
            objects = objects.stream().filter(o -> roots.contains(new DatasetName(o.datasetName()))).toList();
        }
        return new Listing(runner.host(), objects);
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
     * Takes all {@code snapshots} in one atomic {@code zfs snapshot} where the host can
     * ({@link Feature#MULTI_SNAPSHOT}): either all exist afterwards or none, in one transaction
     * group. A host that takes one snapshot per call (zfs-fuse) gets one call each, in order,
     * stopping at the first failure; use {@code recursive} on a common parent there for atomicity.
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
            snapshots.forEach(snapshot -> command.add(snapshot.toString()));
            run(command);
            return;
        }
        for (SnapshotName snapshot : snapshots) {
            List<String> single = new ArrayList<>(command);
            single.add(snapshot.toString());
            run(single);
        }
    }

    /** Sets one property on a dataset or snapshot. */
    public void setProperty(String datasetOrSnapshot, String property, String value) {
        checkPropertyName(property);
        checkObjectName(datasetOrSnapshot);
        run(List.of("zfs", "set", property + "=" + value, datasetOrSnapshot));
    }

    /**
     * The target's {@code receive_resume_token}: present after an interrupted {@code zfs recv -s}.
     * Empty when there is none, the dataset does not exist, or ZFS has no resumable receive.
     */
    public java.util.Optional<String> receiveResumeToken(DatasetName dataset) {
        if (!capabilities().has(Feature.RESUME_TOKENS)) {
            return java.util.Optional.empty();
        }
        CommandResult result = runner.run(List.of("zfs", "get", "-H", "-o", "value", "receive_resume_token",
                dataset.name()), timeout);
        if (!result.succeeded()) {
            if (result.stderr().contains("does not exist")) {
                return java.util.Optional.empty();
            }
            result.orThrow();
        }
        String value = result.stdout().strip();
        return value.isEmpty() || "-".equals(value) ? java.util.Optional.empty() : java.util.Optional.of(value);
    }

    /** {@code zfs recv -A}: discards the partial state of an interrupted resumable receive. */
    public void abortReceive(DatasetName dataset) {
        run(List.of("zfs", "recv", "-A", dataset.name()));
    }

    /**
     * What a resume token resumes, as {@code zfs send -nvt} prints it (an nvlist with toguid,
     * toname ...). Fails when the source can no longer resume it (its snapshot is gone).
     */
    public String describeResumeToken(String token) {
        if (!token.matches("[0-9a-zA-Z-]+")) {
            throw new ZfsException("Invalid resume token '%s'", token);
        }
        CommandResult result = run(List.of("zfs", "send", "-nvt", token));
        return result.stdout() + result.stderr();
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

    static void checkPropertyName(String property) {
        if (!property.matches("[a-z][a-z0-9_]*(:[a-z0-9_.:+-]*)?|[a-z0-9_.+-]+:[a-z0-9_.:+-]*")) {
            throw new ZfsException("Invalid ZFS property name '%s'", property);
        }
    }
}
