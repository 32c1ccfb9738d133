package io.jenkins.plugins.zfsreplication.audit;

import io.jenkins.plugins.zfsreplication.files.Sha256;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
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
     * under {@code root} (regular files only, never through a symlink); {@code previous} and
     * {@code previousNote} as {@link AuditRecord} takes them.
     */
    public static AuditRecord record(Path root, Collection<String> paths, String job, long build,
            ChainLink previous, String previousNote) throws IOException {
        ArtifactSource files = path -> {
            Path file = ArtifactPaths.resolve(root, path);
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new AuditException("the archived artifact %s is missing or not a regular file", path);
            }
            return Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS);
        };
        return record(files, paths, job, build, new ChainStart(previous, previousNote));
    }

    /** The record of {@code build}, its artifacts read from {@code source}, linked as {@code start} says. */
    public static AuditRecord record(ArtifactSource source, Collection<String> paths, String job, long build,
            ChainStart start) throws IOException {
        List<ArtifactEvidence> read = new ArrayList<>();
        for (String path : new TreeSet<>(paths)) {
            if (!path.equals(AuditRecord.FILE_NAME)) {
                read.add(read(source, path));
            }
        }
        return record(read, job, build, start);
    }

    /**
     * Reads one archived artifact: its size and SHA-256, and from a record the snapshots and verdict
     * it holds. A caller that keeps what it read (the Jenkins steps, across a build's steps) reads
     * each artifact once.
     */
    public static ArtifactEvidence read(ArtifactSource source, String path) throws IOException {
        ArtifactPaths.check(path);
        Hashed hashed;
        try (InputStream in = source.open(path)) {
            hashed = Hashed.read(in, path.endsWith(".json"));
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new AuditException("the archived artifact %s is missing or not a regular file", path);
        }
        ArtifactHash artifact = new ArtifactHash(path, hashed.size(), hashed.sha256());
        if (hashed.content() == null) {
            return new ArtifactEvidence(artifact, List.of(), null);
        }
        Evidence evidence = Evidence.of(path, hashed.content());
        return new ArtifactEvidence(artifact, evidence.snapshots, evidence.verdict);
    }

    /** The record of {@code build} from its artifacts as read, in path order, linked as {@code start} says. */
    public static AuditRecord record(Collection<ArtifactEvidence> read, String job, long build, ChainStart start) {
        List<ArtifactHash> artifacts = new ArrayList<>();
        List<SnapshotGuid> snapshots = new ArrayList<>();
        List<Verdict> verdicts = new ArrayList<>();
        List<ArtifactEvidence> inOrder = new ArrayList<>(read);
        inOrder.sort(Comparator.comparing(evidence -> evidence.artifact().path()));
        for (ArtifactEvidence evidence : inOrder) {
            artifacts.add(evidence.artifact());
            snapshots.addAll(evidence.snapshots());
            if (evidence.verdict() != null) {
                verdicts.add(evidence.verdict());
            }
        }
        return new AuditRecord(job, build, start.link(), start.note(), artifacts, snapshots, verdicts);
    }

    /** The link to a previous build's audit.json, read from its bytes, over the numbers {@code skipped}. */
    public static ChainLink linkTo(long previousBuild, byte[] previousAuditJson, java.util.List<SkippedBuild> skipped) {
        return new ChainLink(previousBuild, Sha256.of(previousAuditJson), skipped);
    }
}
