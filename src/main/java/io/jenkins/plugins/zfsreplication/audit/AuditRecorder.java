package io.jenkins.plugins.zfsreplication.audit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * Makes a build's audit record from its archived artifacts: hashes each one, and reads the
 * snapshots and verdicts from the records among them. Runs where the artifacts are (the Jenkins
 * controller, or the command line's artifact directory), never on the agent that wrote them.
 */
public final class AuditRecorder {
    private AuditRecorder() {
    }

    /**
     * The record of {@code build}: {@code paths} are the artifact paths the steps archived, found
     * under {@code root}; {@code previous} and {@code previousNote} as {@link AuditRecord} takes them.
     */
    public static AuditRecord record(Path root, Collection<String> paths, String job, long build,
            ChainLink previous, String previousNote) throws IOException {
        List<ArtifactHash> artifacts = new ArrayList<>();
        List<SnapshotGuid> snapshots = new ArrayList<>();
        List<Verdict> verdicts = new ArrayList<>();
        for (String path : new TreeSet<>(paths)) {
            if (path.equals(AuditRecord.FILE_NAME)) {
                continue;
            }
            Path file = ArtifactPaths.resolve(root, path);
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new AuditException("the archived artifact %s is missing or not a regular file", path);
            }
            long size = Files.size(file);
            if (!Evidence.mayHold(path, size)) {
                // manifests and charts: hashed as they stream, never held in memory
                artifacts.add(new ArtifactHash(path, size, Sha256.of(file)));
                continue;
            }
            byte[] content = Files.readAllBytes(file);
            artifacts.add(new ArtifactHash(path, content.length, Sha256.of(content)));
            Evidence evidence = Evidence.of(path, content);
            snapshots.addAll(evidence.snapshots);
            if (evidence.verdict != null) {
                verdicts.add(evidence.verdict);
            }
        }
        return new AuditRecord(job, build, previous, previousNote, artifacts, snapshots, verdicts);
    }

    /** The link to a previous build's audit.json, read from its bytes. */
    public static ChainLink linkTo(long previousBuild, byte[] previousAuditJson) {
        return new ChainLink(previousBuild, Sha256.of(previousAuditJson));
    }
}
