package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.units.Sizes;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One verification as a build step runs it where the data is: hash a path or snapshot, write
 * {@code <name>.manifest}, {@code <name>-report.json}, {@code <name>-throughput.csv} and
 * {@code <name>-throughput.svg} into a directory, and compare with a reference manifest if one is
 * given. Returns a small serializable outcome; prints nothing.
 */
public final class WorkspaceVerification {
    private WorkspaceVerification() {
    }

    /** What a run produced, small enough to travel from an agent back to the controller. */
    public record Outcome(List<String> artifacts, String summary, Boolean identical, String comparisonSummary,
                          List<String> differences, List<String> log, Figures figures) implements Serializable {
        private static final long serialVersionUID = 1L;

        public Outcome {
            artifacts = List.copyOf(artifacts);
            differences = List.copyOf(differences);
            log = List.copyOf(log);
        }

        /** True when a comparison ran and found differences. */
        public boolean mismatch() {
            return Boolean.FALSE.equals(identical);
        }
    }

    /**
     * The counts of one run, for a build page: how much was hashed and, when compared, how many
     * differences (every one, also beyond the listed ones).
     */
    public record Figures(long files, long bytes, long dataBytes, long chunks, double seconds, long differences)
            implements Serializable {
        private static final long serialVersionUID = 1L;

        static Figures of(VerifyResult result, CompareResult comparison) {
            return new Figures(result.files().size(), result.bytes(), result.dataBytes(), result.chunks(),
                    result.seconds(), comparison == null ? 0 : comparison.total());
        }
    }

    /**
     * @param directory where the artifacts go (the workspace); relative targets and the reference resolve against it
     * @param target a path, or a snapshot {@code pool/dataset@name}
     * @param name artifact name prefix, e.g. {@code verify}
     * @param compareWith reference manifest (relative to {@code directory} or absolute), or null
     * @param mounter makes snapshots readable (called only for a snapshot target)
     */
    public static Outcome run(Path directory, String target, String name, VerifyOptions options, String compareWith,
                              Function<List<String>, SnapshotMounter> mounter) {
        if (name == null || !name.matches("[A-Za-z0-9._-]+") || name.startsWith(".")) {
            throw new VerifyException("Artifact name '%s' must be letters, digits, '.', '_' or '-' (it names files)", name);
        }
        Path reference = compareWith == null || compareWith.isBlank() ? null : directory.resolve(compareWith);
        if (reference != null && !Files.isRegularFile(reference)) {
            throw new VerifyException("The reference manifest %s does not exist: archive or stash it first", reference);
        }
        List<String> log = new ArrayList<>();
        Path manifest = directory.resolve(name + ".manifest");
        Path input = directory.resolve(target);
        Verifier verifier = new Verifier(options, 1000, null);
        VerifyResult result = target.contains("@") && !Files.exists(input)
                ? verifier.verifySnapshot(target, mounter.apply(log), manifest, null)
                : verifier.verify(input, manifest);
        CompareResult comparison = reference == null ? null : compare(reference, manifest);
        AtomicFiles.write(directory.resolve(name + "-report.json"),
                VerifyArtifacts.reportJson(result, name + ".manifest", comparison));
        AtomicFiles.write(directory.resolve(name + "-throughput.csv"), VerifyArtifacts.throughputCsv(result.samples()));
        AtomicFiles.write(directory.resolve(name + "-throughput.svg"),
                VerifyArtifacts.throughputSvg(result.samples(), "verify " + result.target()));
        log.addAll(result.log());
        result.skipped().forEach(s -> log.add("not hashed: " + s.path() + ": " + s.reason()));
        return new Outcome(List.of(name + ".manifest", name + "-report.json", name + "-throughput.csv",
                name + "-throughput.svg"), summary(result), comparison == null ? null : comparison.identical(),
                comparison == null ? null : comparison.summary(),
                comparison == null ? List.of() : comparison.listed().stream().map(Difference::describe).toList(), log,
                Figures.of(result, comparison));
    }

    private static CompareResult compare(Path reference, Path manifest) {
        try (ManifestReader left = ManifestReader.open(reference, null); ManifestReader right = ManifestReader.open(manifest, null)) {
            return ManifestComparison.compare(left, right, difference -> { });
        }
    }

    /** The one-line summary of a run, as the CLI prints it too. */
    public static String summary(VerifyResult result) {
        double seconds = Math.max(result.seconds(), 1e-9);
        return String.format(java.util.Locale.ROOT,
                "verified %d file(s), %s (%s data, %s holes, %d zero chunks) in %.2f s: %s/s",
                result.files().size(), Sizes.human(result.bytes()), Sizes.human(result.dataBytes()),
                Sizes.human(result.holeBytes()), result.zeroChunks(), result.seconds(), Sizes.human(result.bytes() / seconds));
    }
}
