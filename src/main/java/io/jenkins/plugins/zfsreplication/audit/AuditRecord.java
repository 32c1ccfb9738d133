package io.jenkins.plugins.zfsreplication.audit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * One build's audit record, the content of its audit.json. The lists are kept sorted (artifacts
 * and verdicts by path, snapshots by dataset, name and GUID) and free of duplicates, so equal
 * evidence always gives the same bytes.
 *
 * @param job          the job's full name
 * @param build        this build's number
 * @param previous     the link to the previous build's record; null at the start of a chain
 * @param previousNote why the link is null or has no hash (no earlier build, or its record was
 *                     gone); null when the link is whole
 * @param artifacts    every artifact the build's steps archived, with its hash
 * @param snapshots    the snapshots those artifacts name, with their GUIDs
 * @param verdicts     what each record among them says about its step
 */
public record AuditRecord(String job, long build, ChainLink previous, String previousNote,
        List<ArtifactHash> artifacts, List<SnapshotGuid> snapshots, List<Verdict> verdicts) {
    public static final String FILE_NAME = "audit.json";

    public AuditRecord {
        if (job == null || job.isEmpty()) {
            throw new AuditException("the job name is empty");
        }
        if (build < 1) {
            throw new AuditException("the build number is %d, not a build number", build);
        }
        if (previous != null && previous.build() >= build) {
            throw new AuditException("build %d cannot follow build %d", build, previous.build());
        }
        if (previous != null && previous.skipped() != null && (previous.skipped().size() != build - previous.build() - 1
                || !previous.skipped().isEmpty() && previous.skipped().get(previous.skipped().size() - 1).build() >= build)) {
            throw new AuditException("build %d links to build %d, and the numbers between are not each said why",
                    build, previous.build());
        }
        boolean whole = previous != null && previous.sha256() != null;
        if (whole == (previousNote != null)) {
            throw new AuditException(whole ? "build %d links to its predecessor and also says why it cannot"
                    : "build %d has no whole link to a predecessor and does not say why", build);
        }
        artifacts = sortedUnique(artifacts, Comparator.comparing(ArtifactHash::path), "artifact", ArtifactHash::path);
        verdicts = sortedUnique(verdicts, Comparator.comparing(Verdict::artifact), "verdict", Verdict::artifact);
        snapshots = List.copyOf(new TreeSet<>(snapshots));
        for (ArtifactHash artifact : artifacts) {
            if (artifact.path().equals(FILE_NAME)) {
                throw new AuditException("an audit record cannot list %s among its own artifacts", FILE_NAME);
            }
        }
    }

    private static <T> List<T> sortedUnique(List<T> items, Comparator<T> order, String what,
            java.util.function.Function<T, String> key) {
        List<T> sorted = new ArrayList<>(items);
        sorted.sort(order);
        for (int i = 1; i < sorted.size(); i++) {
            if (key.apply(sorted.get(i)).equals(key.apply(sorted.get(i - 1)))) {
                throw new AuditException("the %s %s is listed twice", what, key.apply(sorted.get(i)));
            }
        }
        return List.copyOf(sorted);
    }
}
