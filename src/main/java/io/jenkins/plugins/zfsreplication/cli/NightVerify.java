package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * The night's verify: tonight's snapshot of each chosen dataset hashed into a manifest on the
 * source, and (verify = copy) its copy on the target, the two compared. Since the night before's
 * manifest, where there is one ({@code verify --since}: only what changed is read again). Only a
 * side on this host is read: a remote copy is verified by a night, or a restore drill, on its host.
 * Files: {@code verify/<dataset, / as ~>.source.manifest}, {@code .copy.manifest}, their reports.
 */
final class NightVerify {
    /** Runs a subcommand as a stage of the night. */
    interface Stages {
        int stage(String name, List<String> arguments, CliEnvironment where);
    }

    private final Stages stages;
    private final CliEnvironment environment;
    private final NightConfig config;
    private final Path dir;
    private final Path previous;
    private final String snapshot;
    private final NightCoverage coverage;

    /** @param coverage where the source's manifests are kept for the coverage slice; null without one */
    NightVerify(Stages stages, CliEnvironment environment, NightConfig config, Path dir, Path previous, String snapshot,
                NightCoverage coverage) {
        this.coverage = coverage;
        this.stages = stages;
        this.environment = environment;
        this.config = config;
        this.dir = dir;
        this.previous = previous;
        this.snapshot = snapshot;
    }

    /**
     * The datasets verified tonight: every dataset sent tonight. This is where a coverage slice (a
     * part of the datasets each night, all of them over a cycle) chooses instead.
     */
    static List<DatasetPlan> chosen(List<DatasetPlan> sent) {
        return sent;
    }

    /** Verifies the chosen datasets; false when a verify or a comparison failed. */
    boolean run(List<DatasetPlan> sent) throws IOException {
        Files.createDirectories(dir.resolve("verify"));
        boolean sourceHere = config.value("source-host", null) == null;
        boolean copyAsked = config.value("verify", NightConfig.DEFAULT_VERIFY).equals("copy");
        boolean copyHere = config.value("target-host", null) == null && copyAsked;
        if (copyAsked && !copyHere) {
            environment.err().println("night: the copy is on " + config.value("target-host", "")
                    + ": verified by a night or a restore drill there, not from here");
        }
        boolean ok = true;
        for (DatasetPlan dataset : chosen(sent)) {
            String file = dataset.source().name().replace('/', '~');
            boolean source = !sourceHere || verify(dataset.source(), file + ".source");
            if (sourceHere && source && coverage != null) {
                coverage.keep(dataset, snapshot, manifest(dir, file + ".source"));
            }
            boolean copy = !copyHere || verify(dataset.target(), file + ".copy");
            ok &= source && copy;
            if (sourceHere && copyHere && source && copy) {
                ok &= stages.stage("compare", List.of("compare", manifest(dir, file + ".source").toString(),
                        manifest(dir, file + ".copy").toString()), environment) == 0;
            }
        }
        return ok;
    }

    private boolean verify(DatasetName dataset, String file) {
        List<String> arguments = new ArrayList<>(List.of("verify", "--no-progress", "--output",
                manifest(dir, file).toString(), "--report", dir.resolve("verify").resolve(file + ".report.json").toString()));
        String since = Night.previousSnapshot(previous);
        if (since != null && Files.isRegularFile(manifest(previous, file))) {
            arguments.addAll(List.of("--since", dataset.snapshot(since).toString(), "--since-manifest",
                    manifest(previous, file).toString()));
        }
        arguments.addAll(config.arguments("verify"));
        arguments.add(dataset.snapshot(snapshot).toString());
        return stages.stage("verify", arguments, environment) == 0;
    }

    private static Path manifest(Path runDir, String file) {
        return runDir.resolve("verify").resolve(file + ".manifest");
    }
}
