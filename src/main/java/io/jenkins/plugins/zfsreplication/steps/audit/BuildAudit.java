package io.jenkins.plugins.zfsreplication.steps.audit;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Fingerprint;
import hudson.model.FingerprintMap;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.tasks.Fingerprinter;
import io.jenkins.plugins.zfsreplication.audit.ArtifactEvidence;
import io.jenkins.plugins.zfsreplication.audit.AuditJson;
import io.jenkins.plugins.zfsreplication.audit.AuditRecord;
import io.jenkins.plugins.zfsreplication.audit.AuditRecorder;
import io.jenkins.plugins.zfsreplication.audit.ChainStart;
import io.jenkins.plugins.zfsreplication.files.Sha256;
import io.jenkins.plugins.zfsreplication.audit.SkippedBuild;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import io.jenkins.plugins.zfsreplication.steps.views.AuditedArtifacts;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import jenkins.model.Jenkins;
import jenkins.util.BuildListenerAdapter;
import jenkins.util.VirtualFile;

/**
 * After each zfs step, on the controller: writes the build's audit.json from every artifact the
 * build has archived so far (read back from the artifact manager, not from the agent's
 * workspace), linked to the previous completed build of the job that ran a zfs step (through the
 * job's build history, {@link Run#getPreviousCompletedBuild()}), archives it with the build, and
 * fingerprints every manifest and record with Jenkins' own fingerprints. Each later step rewrites
 * audit.json to cover its artifacts too; the last one stands.
 *
 * <p>Each artifact is read once per build (its SHA-256, its evidence and its MD5 in one pass), by
 * the step that archived it, and read again only when it is archived again: what was read is kept
 * with the build's action ({@link AuditedArtifacts}). No lock is held while artifacts are read; the
 * assembly and archiving of audit.json, which read nothing large, take the build's own audit lock
 * (never the Run's monitor, which Jenkins takes to pick the artifact manager and to save).
 */
public final class BuildAudit {
    private BuildAudit() {
    }

    /** Brings audit.json and the fingerprints up to date with what the run's zfs steps archived. */
    public static void update(Run<?, ?> run, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        ZfsReplicationAction action = run.getAction(ZfsReplicationAction.class);
        if (action == null) {
            return;
        }
        AuditedArtifacts audited = action.audited();
        VirtualFile archive = run.getArtifactManager().root();
        Map<String, String> fresh = new LinkedHashMap<>(readNew(audited, archive, archivedPaths(run)));
        // parallel branches of one Pipeline finish steps concurrently: one audit.json at a time
        ReentrantLock writing = audited.writing();
        writing.lockInterruptibly();
        try {
            // what another branch archived meanwhile and has not read yet (it reads it next, already done then)
            List<String> paths = archivedPaths(run);
            fresh.putAll(readNew(audited, archive, paths));
            List<ArtifactEvidence> evidence = new ArrayList<>();
            for (String path : paths) {
                evidence.add(audited.get(path).evidence());
            }
            ChainStart start = predecessor(run);
            AuditRecord record = AuditRecorder.record(evidence, run.getParent().getFullName(), run.getNumber(), start);
            byte[] json = AuditJson.write(record);
            archive(run, launcher, listener, json);
            action.setChainNote(start.broken() ? start.note() : null);
            Map<String, String> fingerprints = new LinkedHashMap<>();
            fresh.forEach((path, md5) -> {
                if (fingerprinted(path)) {
                    fingerprints.put(path, md5);
                }
            });
            fingerprints.put(AuditRecord.FILE_NAME, md5(new ByteArrayInputStream(json)));
            record(run, fingerprints, true);
            listener.getLogger().println("audit.json: " + record.artifacts().size() + " artifacts (" + fresh.size()
                    + " read now), sha256 " + Sha256.of(json) + (start.link() == null ? "; starts the chain ("
                    + start.note() + ")" : start.broken() ? "; " + start.note() : "; links to build " + start.link().build()));
        } finally {
            writing.unlock();
        }
    }

    /** Called as a step archives {@code paths}: archived again, they are read again by the next audit. */
    public static void archived(Run<?, ?> run, Collection<String> paths) {
        ZfsReplicationAction action = run.getAction(ZfsReplicationAction.class);
        if (action != null) {
            action.audited().forget(paths);
        }
    }

    /** Every artifact archived so far: the zfs steps' and any other step's; the list is the controller's. */
    private static List<String> archivedPaths(Run<?, ?> run) {
        return run.getArtifacts().stream().map(artifact -> artifact.relativePath)
                .filter(path -> !path.equals(AuditRecord.FILE_NAME)).sorted().toList();
    }

    /**
     * Reads the artifacts among {@code paths} not read before, or changed since (another length or
     * time in the artifact manager): their hash, evidence and MD5 in one pass each.
     *
     * @return the MD5s of those read now, by path
     */
    private static Map<String, String> readNew(AuditedArtifacts audited, VirtualFile archive, List<String> paths)
            throws IOException {
        Map<String, String> md5s = new LinkedHashMap<>();
        for (String path : paths) {
            VirtualFile file = archive.child(path);
            long length = file.length();
            long lastModified = file.lastModified();
            if (audited.current(path, length, lastModified)) {
                continue;
            }
            MessageDigest md5 = md5();
            ArtifactEvidence evidence = AuditRecorder.read(p -> new DigestInputStream(archive.child(p).open(), md5), path);
            String hex = HexFormat.of().formatHex(md5.digest());
            audited.put(path, new AuditedArtifacts.Read(evidence, hex, length, lastModified));
            md5s.put(path, hex);
        }
        return md5s;
    }

    /**
     * The previous completed build that ran a zfs step, and its audit.json as its artifact manager
     * holds it: never a file from an agent.
     */
    static ChainStart predecessor(Run<?, ?> run) throws IOException {
        Run<?, ?> previous = run.getPreviousCompletedBuild();
        while (previous != null && previous.getAction(ZfsReplicationAction.class) == null) {
            previous = previous.getPreviousCompletedBuild();
        }
        if (previous == null) {
            return ChainStart.none();
        }
        List<SkippedBuild> skipped = skipped(run, previous.getNumber());
        VirtualFile audit = previous.getArtifactManager().root().child(AuditRecord.FILE_NAME);
        if (!audit.isFile()) {
            return ChainStart.discarded(previous.getNumber(), skipped);
        }
        try (InputStream in = audit.open()) {
            return ChainStart.of(previous.getNumber(), readPrevious(in, previous.getNumber()), skipped);
        }
    }

    /** The previous build's audit.json: a build wrote it, so it is bounded as every audit.json read is. */
    static byte[] readPrevious(InputStream in, long build) throws IOException {
        try {
            return InputFile.readBytes(in, "the audit.json of build #" + build, AuditJson.MAX_BYTES);
        } catch (InputFileException e) {
            throw new AbortException("audit.json: " + e.getMessage());
        }
    }

    /**
     * Every number between {@code previous} and {@code run}, with what the job's history holds under
     * it: a running build, one that ran no zfs step, or none at all (deleted: the one thing a later
     * check could not find out otherwise).
     */
    static List<SkippedBuild> skipped(Run<?, ?> run, long previous) {
        java.util.Map<Long, SkippedBuild.Why> seen = new java.util.HashMap<>();
        for (Run<?, ?> between = run.getPreviousBuild(); between != null && between.getNumber() > previous;
             between = between.getPreviousBuild()) {
            seen.put((long) between.getNumber(), between.isBuilding() ? SkippedBuild.Why.RUNNING
                    : SkippedBuild.Why.NO_ZFS_STEP);
        }
        List<SkippedBuild> skipped = new java.util.ArrayList<>();
        for (long number = previous + 1; number < run.getNumber(); number++) {
            skipped.add(new SkippedBuild(number, seen.getOrDefault(number, SkippedBuild.Why.ABSENT)));
        }
        return skipped;
    }

    /** Archives audit.json from a directory on the controller, so that no agent can swap it on the way. */
    private static void archive(Run<?, ?> run, Launcher launcher, TaskListener listener, byte[] json)
            throws IOException, InterruptedException {
        Path directory = Files.createTempDirectory(run.getRootDir().toPath(), "audit-");
        try {
            Files.write(directory.resolve(AuditRecord.FILE_NAME), json);
            run.pickArtifactManager().archive(new FilePath(directory.toFile()), launcher,
                    BuildListenerAdapter.wrap(listener), Map.of(AuditRecord.FILE_NAME, AuditRecord.FILE_NAME));
        } finally {
            Files.deleteIfExists(directory.resolve(AuditRecord.FILE_NAME));
            Files.deleteIfExists(directory);
        }
    }

    /**
     * Records that {@code run} produced ({@code produced}) or used the files with these MD5s: each
     * fingerprint gets the run as a user (and as its original, if this run created it), and the run's
     * fingerprint action lists them.
     */
    public static void record(Run<?, ?> run, Map<String, String> md5s, boolean produced) throws IOException {
        FingerprintMap map = Jenkins.get().getFingerprintMap();
        for (Map.Entry<String, String> file : md5s.entrySet()) {
            String name = file.getKey().substring(file.getKey().lastIndexOf('/') + 1);
            Fingerprint fingerprint = map.getOrCreate(produced ? run : null, name, file.getValue());
            fingerprint.addFor(run);
        }
        Fingerprinter.FingerprintAction action = run.getAction(Fingerprinter.FingerprintAction.class);
        if (action == null) {
            run.addAction(new Fingerprinter.FingerprintAction(run, md5s));
        } else {
            action.add(md5s);
        }
    }

    static boolean fingerprinted(String path) {
        return path.endsWith(".json") || path.endsWith(".manifest");
    }

    /** The MD5 Jenkins keys fingerprints by (what {@code FilePath.digest()} gives), lowercase hex. */
    static String md5(InputStream in) throws IOException {
        MessageDigest digest = md5();
        byte[] buffer = new byte[1 << 16];
        for (int n; (n = in.read(buffer)) > 0; ) {
            digest.update(buffer, 0, n);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }
}
