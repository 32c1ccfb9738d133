package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import java.io.Serializable;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One verification, the engine's entry point for the verify job: the command line's {@code verify}
 * and the {@code zfsVerify} step's callable both run it. Hashes a path or a snapshot
 * ({@code pool/dataset@name}, made readable by the mounter) into a manifest, writes the report and
 * the throughput CSV and chart where {@link Outputs} names them, and compares with a reference
 * manifest when one is given. Prints nothing: the log comes back in the {@link Result}.
 *
 * @param options      chunking and hashing ({@link VerifyOptions#defaults()} holds the defaults)
 * @param sampleMillis how often throughput is sampled
 * @param progress     called with each sample (a progress line); null for none
 * @param mounter      makes a snapshot readable, logging to the consumer it is given; called only for a snapshot
 * @param changes      lists what changed between two snapshots, logging to the consumer it is given; called
 *                     only for an incremental verify
 */
public record VerifyRun(VerifyOptions options, long sampleMillis, Consumer<ThroughputRecorder.Sample> progress,
                        Function<Consumer<String>, SnapshotMounter> mounter,
                        Function<Consumer<String>, SnapshotChanges> changes) {
    /** One throughput sample a second, as users write it (the command line's default) and as a number. */
    public static final String DEFAULT_SAMPLE_MILLIS_TEXT = "1000";
    public static final long DEFAULT_SAMPLE_MILLIS = 1000;

    public VerifyRun {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(mounter, "mounter");
        Objects.requireNonNull(changes, "changes");
    }

    /**
     * Where a run writes: the manifest (null: to the writer given to {@link #run}), and the report,
     * the throughput CSV and chart (each null: not written).
     */
    public record Outputs(Path manifest, Path report, Path csv, Path chart) {
        /** {@code <name>.manifest}, {@code <name>-report.json}, {@code <name>-throughput.csv} and {@code .svg}. */
        public static Outputs named(Path directory, String name) {
            checkName(name);
            return new Outputs(directory.resolve(name + ".manifest"), directory.resolve(name + "-report.json"),
                    directory.resolve(name + "-throughput.csv"), directory.resolve(name + "-throughput.svg"));
        }

        /**
         * {@code name} once it is a plain file name: letters, digits, '.', '_' or '-', not starting
         * with '.' (it names files in a directory and artifacts of a build).
         */
        public static String checkName(String name) {
            if (name == null || !name.matches("[A-Za-z0-9._-]+") || name.startsWith(".")) {
                throw new VerifyException("Artifact name '%s' must be letters, digits, '.', '_' or '-' (it names files)",
                        name);
            }
            return name;
        }

        List<Path> written() {
            List<Path> files = new ArrayList<>();
            for (Path file : new Path[] {manifest, report, csv, chart}) {
                if (file != null) {
                    files.add(file);
                }
            }
            return files;
        }
    }

    /**
     * What a run did: the full result (files, samples) for whoever runs it in its own process, the
     * comparison (null without a reference), the files written and the log.
     */
    public record Result(VerifyResult verified, CompareResult comparison, List<Path> artifacts, List<String> log) {
        public Result {
            artifacts = List.copyOf(artifacts);
            log = List.copyOf(log);
        }

        /** The one-line summary, as the command line prints it and a build page shows it. */
        public String summary() {
            return VerifyRun.summary(verified);
        }

        /** The small record that travels from an agent to the controller; artifacts relative to {@code base}. */
        public Outcome outcome(Path base) {
            return new Outcome(artifacts.stream().map(file -> base.relativize(file).toString()).toList(), summary(),
                    comparison == null ? null : comparison.identical(),
                    comparison == null ? null : comparison.summary(),
                    comparison == null ? List.of() : comparison.listed().stream().map(Difference::describe).toList(),
                    log, Figures.of(verified, comparison), verified.cancelled());
        }
    }

    /**
     * What a run produced, small enough to travel from an agent back to the controller; {@code cancelled}:
     * why the run was cancelled before it wrote its manifest (null when it ran to its end).
     */
    public record Outcome(List<String> artifacts, String summary, Boolean identical, String comparisonSummary,
                          List<String> differences, List<String> log, Figures figures, String cancelled)
            implements Serializable {
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
     * The counts of one run, for a build page: what the manifest covers ({@code files}, {@code bytes},
     * {@code chunks}), how much of it was read ({@code readBytes}, {@code dataBytes}: less than
     * {@code bytes} after an incremental verify since the snapshot {@code since}, else null) and,
     * when compared, how many differences (every one, also beyond the listed ones).
     */
    public record Figures(long files, long bytes, long dataBytes, long chunks, double seconds, long differences,
                          long readBytes, String since) implements Serializable {
        private static final long serialVersionUID = 1L;

        /** The counts of a run that read everything. */
        public Figures(long files, long bytes, long dataBytes, long chunks, double seconds, long differences) {
            this(files, bytes, dataBytes, chunks, seconds, differences, bytes, null);
        }

        static Figures of(VerifyResult result, CompareResult comparison) {
            VerifyResult.Incremental incremental = result.incremental();
            boolean reused = incremental != null && incremental.fullBecause() == null;
            return new Figures(result.fileCount() + (reused ? incremental.reusedFiles() : 0),
                    result.bytes() + (reused ? incremental.reusedBytes() : 0), result.dataBytes(),
                    result.chunks() + (reused ? incremental.reusedChunks() : 0), result.seconds(),
                    comparison == null ? 0 : comparison.total(), result.readBytes(), reused ? incremental.since() : null);
        }
    }

    /**
     * @param target      a path (relative ones resolve against {@code base}), or a snapshot {@code pool/dataset@name}
     * @param base        the directory relative targets and the reference resolve against
     * @param outputs     where the manifest and the other artifacts go
     * @param manifestOut where the manifest goes when {@code outputs} names no file for it; else null
     * @param compareWith a reference manifest (relative to {@code base} or absolute), or null/blank for none
     */
    public Result run(String target, Path base, Outputs outputs, Writer manifestOut, String compareWith) {
        return run(target, base, outputs, manifestOut, compareWith, null);
    }

    /**
     * Like {@link #run(String, Path, Outputs, Writer, String)}; with {@code since} (its manifest
     * relative to {@code base} or absolute), an incremental verify of the snapshot {@code target}:
     * only what changed since the earlier snapshot is read again.
     */
    public Result run(String target, Path base, Outputs outputs, Writer manifestOut, String compareWith, Since since) {
        Since earlier = null;
        if (since != null) {
            Path manifest = base.resolve(since.manifest());
            if (!Files.isRegularFile(manifest)) {
                throw new VerifyException("The earlier manifest %s does not exist: archive or copy it first", manifest);
            }
            if (!target.contains("@") || Files.exists(base.resolve(target))) {
                throw new VerifyException("An incremental verify reads a snapshot's changes: give a snapshot"
                        + " (pool/dataset@name) to verify, not the path %s", target);
            }
            earlier = new Since(since.snapshot(), manifest);
        }
        Path reference = compareWith == null || compareWith.isBlank() ? null : base.resolve(compareWith);
        if (reference != null && !Files.isRegularFile(reference)) {
            throw new VerifyException("The reference manifest %s does not exist: archive or stash it first", reference);
        }
        if (outputs.manifest() == null && manifestOut == null) {
            throw new IllegalArgumentException("a manifest file or writer is needed");
        }
        List<String> log = new ArrayList<>();
        Path input = base.resolve(target);
        Verifier verifier = new Verifier(options, sampleMillis, progress);
        VerifyResult result;
        if (target.contains("@") && !Files.exists(input)) {
            result = verifier.verifySnapshot(target, earlier, earlier == null ? null : changes.apply(log::add),
                    mounter.apply(log::add), outputs.manifest(), manifestOut);
        } else {
            result = outputs.manifest() != null ? verifier.verify(input, outputs.manifest())
                    : verifier.verify(input, manifestOut);
        }
        // a cancelled run wrote no manifest: nothing to compare, and its report says it was cancelled
        boolean cancelled = result.cancelled() != null;
        CompareResult comparison = reference == null || cancelled ? null : compare(reference, outputs.manifest());
        if (outputs.report() != null) {
            AtomicFiles.write(outputs.report(), VerifyArtifacts.reportJson(result, outputs.manifest() == null || cancelled
                    ? null : Objects.toString(outputs.manifest().getFileName(), outputs.manifest().toString()), comparison));
        }
        if (outputs.csv() != null) {
            AtomicFiles.write(outputs.csv(), VerifyArtifacts.throughputCsv(result.samples()));
        }
        if (outputs.chart() != null) {
            AtomicFiles.write(outputs.chart(), VerifyArtifacts.throughputSvg(result.samples(), "verify " + result.target()));
        }
        log.addAll(result.log());
        // a skipped file's name may hold a newline or an escape sequence: shown, never interpreted
        result.skipped().forEach(s -> log.add(TerminalText.line("not hashed: " + s.path() + ": " + s.reason())));
        if (result.skippedCount() > result.skipped().size()) {
            log.add(String.format(java.util.Locale.ROOT, "not hashed: %d more symlinks and special files (%d in all)",
                    result.skippedCount() - result.skipped().size(), result.skippedCount()));
        }
        List<Path> written = outputs.written();
        if (cancelled) {
            written.remove(outputs.manifest());
            log.add("cancelled: " + result.cancelled() + "; no manifest was written");
        }
        return new Result(result, comparison, written, log);
    }

    private static CompareResult compare(Path reference, Path manifest) {
        if (manifest == null) {
            throw new VerifyException("A comparison needs the manifest written to a file");
        }
        try (ManifestReader left = ManifestReader.open(reference, null); ManifestReader right = ManifestReader.open(manifest, null)) {
            return ManifestComparison.compare(left, right, difference -> { });
        }
    }

    /** The one-line summary of a run. */
    public static String summary(VerifyResult result) {
        if (result.cancelled() != null) {
            return String.format(Locale.ROOT, "cancelled after %d file(s), %s in %.2f s, no manifest: %s",
                    result.fileCount(), Sizes.human(result.bytes()), result.seconds(), result.cancelled());
        }
        double seconds = Math.max(result.seconds(), 1e-9);
        VerifyResult.Incremental incremental = result.incremental();
        if (incremental != null && incremental.fullBecause() == null) {
            long total = result.bytes() + incremental.reusedBytes();
            long read = result.readBytes();
            List<String> taken = new ArrayList<>();
            if (incremental.reusedFiles() > 0 || result.reusedChunks() == 0) {
                taken.add(String.format(Locale.ROOT, "%d file(s), %s", incremental.reusedFiles(),
                        Sizes.human(incremental.reusedBytes())));
            }
            if (result.reusedChunks() > 0) {
                taken.add(String.format(Locale.ROOT, "%d unchanged chunk(s) of changed files, %s",
                        result.reusedChunks(), Sizes.human(result.reusedBytes())));
            }
            return String.format(Locale.ROOT,
                    "verified %d file(s), %s, since %s: read %s (%.1f%%) of %d changed file(s) in %.2f s: %s/s;"
                            + " took %s from the earlier manifest",
                    result.fileCount() + incremental.reusedFiles(), Sizes.human(total), incremental.since(),
                    Sizes.human(read), total == 0 ? 0.0 : 100.0 * read / total, result.fileCount(),
                    result.seconds(), Sizes.human(read / seconds), String.join(" and ", taken));
        }
        String full = incremental == null ? "" : " (everything read: " + incremental.fullBecause() + ")";
        return String.format(Locale.ROOT,
                "verified %d file(s), %s (%s data, %s holes, %d zero chunks) in %.2f s: %s/s",
                result.fileCount(), Sizes.human(result.bytes()), Sizes.human(result.dataBytes()),
                Sizes.human(result.holeBytes()), result.zeroChunks(), result.seconds(), Sizes.human(result.bytes() / seconds))
                + full;
    }
}
