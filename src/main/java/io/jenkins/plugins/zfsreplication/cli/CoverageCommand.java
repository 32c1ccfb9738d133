package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.check.Ages;
import io.jenkins.plugins.zfsreplication.coverage.CoverageException;
import io.jenkins.plugins.zfsreplication.coverage.NightJson;
import io.jenkins.plugins.zfsreplication.coverage.NightReport;
import io.jenkins.plugins.zfsreplication.coverage.NightRequest;
import io.jenkins.plugins.zfsreplication.coverage.NightlySlice;
import io.jenkins.plugins.zfsreplication.coverage.ZfsCoverageHost;
import io.jenkins.plugins.zfsreplication.metrics.ReportMetrics;
import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zfs-replication coverage}: one night of verify coverage on the backup host: the ledger of
 * the night before brought up to date, tonight's slice of the copy read and compared with the
 * source's manifests, the ledger and the night's report written into the artifacts directory.
 */
@Command(name = "coverage", mixinStandardHelpOptions = true,
        description = {"One night of verify coverage, on the host that holds the copy: read tonight's slice of every",
            "snapshot at or below ROOT, oldest-verified first and new data first of all, and compare it with the",
            "source's manifests (--manifests), so that every byte is matched within --nights nights; write",
            "coverage-ledger.json and coverage-night.json into --artifacts. Give the ledger of the night before with",
            "--ledger (without one, or when it is lost, the ledger starts over and says so).",
            "Exit status: 0 nothing found, 1 a mismatch, an unreadable chunk or a failure, 2 bad input."})
final class CoverageCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Mixin
    private MetricsOption metricsFile;

    @Parameters(index = "0", paramLabel = "ROOT", description = "The copy's root dataset on this host.")
    String root;

    @Option(names = "--manifests", required = true, paramLabel = "DIR",
            description = "The source's manifests: DIR/<dataset below ROOT>/<snapshot>.manifest, with <snapshot>.guid.")
    Path manifests;

    @Option(names = "--nights", defaultValue = "7", paramLabel = "N",
            description = "Every byte is matched within N nights (default ${DEFAULT-VALUE}).")
    int nights;

    @Option(names = "--budget", paramLabel = "SIZE",
            description = "Read at most SIZE a night (K/M/G/T binary; the chunks' logical bytes). Default: what keeps N.")
    String budget;

    @Option(names = "--time-budget", paramLabel = "AGE", description = "Read for at most this long (e.g. 2h, 90m).")
    String timeBudget;

    @Option(names = "--ledger", paramLabel = "FILE", description = "The ledger of the night before (its coverage-ledger.json).")
    Path ledger;

    @Option(names = "--artifacts", defaultValue = ".", paramLabel = "DIR",
            description = "Where coverage-ledger.json and coverage-night.json go (default: the current directory).")
    Path artifacts;

    @Option(names = "--drill-scratch", paramLabel = "DATASET",
            description = "Also a restore drill tonight, of a snapshot chosen at random, into DATASET (must not exist).")
    String drillScratch;

    @Option(names = "--drill-seed", defaultValue = "0", paramLabel = "N",
            description = "The seed of the drill's choice (with the night's date; default ${DEFAULT-VALUE}).")
    long drillSeed;

    @Option(names = "--threads", paramLabel = "N", description = "Hashing threads (default: the cores).")
    Integer threads;

    @Option(names = "--now", paramLabel = "INSTANT", description = "The night's time (ISO-8601), default the wall clock.")
    Instant now;

    @Option(names = "--json", description = "Print coverage-night.json instead of the summary.")
    boolean json;

    CoverageCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws Exception {
        return metricsFile.run("coverage", e -> CliErrors.badInput(environment, e), this::night);
    }

    private int night(RunMetrics metrics) throws java.io.IOException {
        NightRequest request = CliErrors.input(this::request);
        int hashing = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (hashing < 1 || hashing > 256) {
            throw new CliErrors.BadInputException("--threads " + hashing + " out of range: give 1 to 256", null);
        }
        ZfsCoverageHost host = new ZfsCoverageHost(new Zfs(environment.localRunner()), environment.localRunner(),
                hashing, request.drill() == null ? null : request.drill().scratch(), line -> environment.err().println(line));
        NightReport report;
        try {
            report = new NightlySlice(host, line -> { }).run(request, artifacts);
        } catch (CoverageException e) {
            return CliErrors.badInput(environment, e);
        }
        ReportMetrics.coverage(metrics, report);
        if (json) {
            environment.out().print(NightJson.write(report));
        } else {
            report.found().listed().forEach(finding -> environment.out().println(finding.describe()));
            if (report.found().count() > report.found().listed().size()) {
                environment.out().printf("... and %d more finding(s), in %s%n",
                        report.found().count() - report.found().listed().size(), NightReport.FILE_NAME);
            }
            environment.out().println(report.summary());
        }
        environment.out().flush();
        return report.found().listed().isEmpty() ? 0 : Main.FAILED;
    }

    private NightRequest request() {
        if (!Files.isDirectory(artifacts)) {
            throw new CoverageException("The artifacts directory %s does not exist", artifacts);
        }
        long bytes = budget == null ? 0 : Sizes.parse(budget);
        if (budget != null && bytes <= 0) {
            throw new CoverageException("--budget %s is not a positive size", budget);
        }
        Duration time = timeBudget == null ? null : Duration.ofSeconds(Ages.parseSeconds(timeBudget));
        NightRequest.DrillPlan drill = drillScratch == null ? null
                : new NightRequest.DrillPlan(DatasetName.of(drillScratch), drillSeed);
        return new NightRequest(DatasetName.of(root), manifests, nights, bytes, time, now == null ? Instant.now() : now,
                ledger, drill);
    }
}
