package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.units.SizeException;
import io.jenkins.plugins.zfsreplication.metrics.ReportMetrics;
import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import io.jenkins.plugins.zfsreplication.verify.CompareResult;
import io.jenkins.plugins.zfsreplication.verify.ManifestComparison;
import io.jenkins.plugins.zfsreplication.verify.ManifestHeader;
import io.jenkins.plugins.zfsreplication.verify.ManifestReader;
import io.jenkins.plugins.zfsreplication.verify.Manifests;
import io.jenkins.plugins.zfsreplication.verify.Verifier;
import io.jenkins.plugins.zfsreplication.verify.VerifyCancelledException;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code zfs-replication compare LEFT RIGHT}: each side is a manifest (recognised by its header,
 * or forced for zfs-check output) or a path that is hashed with the other side's parameters. Its
 * model is coded ({@link CodedModel}), as verify's, whose options it shares.
 */
final class CompareCommand implements Callable<Integer> {
    private final CliEnvironment environment;
    private CommandSpec spec;

    private CompareCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    /** compare's model, with a new command as its user object. */
    static CommandSpec spec(CliEnvironment environment, CodedModel.StandardHelp help) {
        CompareCommand command = new CompareCommand(environment);
        CommandSpec spec = CodedModel.command(command, "compare", help,
                "Compare two manifests, a manifest and a path, or two paths; LEFT is the reference.",
                "Prints every difference and a summary line. Exit status: 0 identical, 1 different, 2 bad input.");
        spec.addOption(MetricsOption.option());
        spec.addPositional(CodedModel.positional(0, "LEFT", Path.class, "Manifest, file, device or directory."));
        spec.addPositional(CodedModel.positional(1, "RIGHT", Path.class, "Manifest, file, device or directory."));
        spec.addOption(CodedModel.flag("--left-manifest", "LEFT is a manifest even without a header (zfs-check output)."));
        spec.addOption(CodedModel.flag("--right-manifest",
                "RIGHT is a manifest even without a header (zfs-check output)."));
        VerifyCliOptions.addTo(spec);
        command.spec = spec;
        return spec;
    }

    @Override
    public Integer call() throws Exception {
        return MetricsOption.of(spec).run("compare", e -> CliErrors.badInput(environment, e), this::compare);
    }

    private int compare(RunMetrics metrics) {
        PrintWriter out = environment.out();
        PrintWriter err = environment.err();
        List<Path> temporary = new ArrayList<>();
        Path left = CodedModel.value(spec, "LEFT");
        Path right = CodedModel.value(spec, "RIGHT");
        boolean leftManifest = CodedModel.value(spec, "--left-manifest");
        boolean rightManifest = CodedModel.value(spec, "--right-manifest");
        try {
            VerifyOptions options = VerifyCliOptions.options(spec);
            ManifestHeader given = new ManifestHeader(ManifestHeader.FORMAT, "given", options.hash(),
                    options.blockSize(), options.count(), ManifestHeader.Layout.FILE, false);
            boolean leftIsManifest = leftManifest || Manifests.hasHeader(left);
            boolean rightIsManifest = rightManifest || Manifests.hasHeader(right);
            VerifyOptions effective = options;
            if (leftIsManifest || rightIsManifest) {
                Path manifest = leftIsManifest ? left : right;
                try (ManifestReader reader = ManifestReader.open(manifest, given)) {
                    effective = Manifests.optionsOf(reader.header(), options);
                }
            }
            Path l = leftIsManifest ? left : hash(left, effective, temporary);
            Path r = rightIsManifest ? right : hash(right, effective, temporary);
            CompareResult result;
            try (ManifestReader a = ManifestReader.open(l, given); ManifestReader b = ManifestReader.open(r, given)) {
                result = ManifestComparison.compare(a, b, difference -> out.println(difference.describe()));
            }
            out.println(result.summary());
            ReportMetrics.compare(metrics, result.identical(), result.total());
            return result.identical() ? 0 : Main.FAILED;
        } catch (VerifyCancelledException e) {
            err.println("cancelled: " + CliErrors.message(e));
            return 130;
        } catch (VerifyException | SizeException | UncheckedIOException e) {
            return CliErrors.report(err, e, Main.BAD_INPUT);
        } finally {
            out.flush();
            err.flush();
            for (Path path : temporary) {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    err.println("could not remove " + path + ": " + e.getMessage());
                }
            }
        }
    }

    private static Path hash(Path input, VerifyOptions options, List<Path> temporary) {
        try {
            Path manifest = Files.createTempFile("zfsr-compare-", ".manifest");
            temporary.add(manifest);
            String cancelled = new Verifier(options, 1000, null).verify(input, manifest).cancelled();
            if (cancelled != null) {
                throw new VerifyCancelledException("%s", cancelled); // no manifest was written: nothing to compare
            }
            return manifest;
        } catch (IOException e) {
            throw new VerifyException(e, "Cannot create a temporary manifest: %s", e.getMessage());
        }
    }
}
