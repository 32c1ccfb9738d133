package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.audit.ArtifactEvidence;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What the audit trail has read of one build's archived artifacts, while the controller runs: each
 * step's audit reads only what was archived since, and the build's audit.json is written by one
 * step at a time. Kept by the build's {@link ZfsReplicationAction}, never saved (after a restart
 * the next audit reads every artifact once more).
 */
public final class AuditedArtifacts {
    /**
     * One artifact as read.
     *
     * @param evidence     its hash and what it says
     * @param md5          the MD5 Jenkins fingerprints it by, lowercase hex
     * @param length       its length in the artifact manager when it was read
     * @param lastModified its time there (0 where the artifact manager has none)
     */
    public record Read(ArtifactEvidence evidence, String md5, long length, long lastModified) {
    }

    private final Map<String, Read> read = new ConcurrentHashMap<>();
    private final ReentrantLock writing = new ReentrantLock();

    /** What was read of {@code path}, or null. */
    public Read get(String path) {
        return read.get(path);
    }

    /**
     * Whether what was read of {@code path} is still what the artifact manager holds: read, not
     * archived again since, and of the same length and time there.
     */
    public boolean current(String path, long length, long lastModified) {
        Read known = read.get(path);
        return known != null && known.length() == length && known.lastModified() == lastModified;
    }

    public void put(String path, Read artifact) {
        read.put(path, artifact);
    }

    /** Forgets what was read of these paths: archived again, they are read again. */
    public void forget(Collection<String> paths) {
        paths.forEach(read::remove);
    }

    /** Held while audit.json is assembled from what was read and archived: one writer at a time. */
    public ReentrantLock writing() {
        return writing;
    }
}
