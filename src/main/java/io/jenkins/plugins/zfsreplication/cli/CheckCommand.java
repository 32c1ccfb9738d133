package io.jenkins.plugins.zfsreplication.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.jenkins.plugins.zfsreplication.check.AgeThresholds;
import io.jenkins.plugins.zfsreplication.check.CheckException;
import io.jenkins.plugins.zfsreplication.check.CheckJson;
import io.jenkins.plugins.zfsreplication.check.CheckOptions;
import io.jenkins.plugins.zfsreplication.check.CheckStatus;
import io.jenkins.plugins.zfsreplication.check.CheckText;
import io.jenkins.plugins.zfsreplication.check.CoverageAge;
import io.jenkins.plugins.zfsreplication.check.NightRecord;
import io.jenkins.plugins.zfsreplication.coverage.CoverageAges;
import io.jenkins.plugins.zfsreplication.coverage.CoverageException;
import io.jenkins.plugins.zfsreplication.coverage.Ledger;
import io.jenkins.plugins.zfsreplication.check.FreshnessReport;
import io.jenkins.plugins.zfsreplication.check.FreshnessRun;
import io.jenkins.plugins.zfsreplication.metrics.ReportMetrics;
import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code zfs-replication check}: a monitoring plugin. Unlike every other subcommand its exit
 * status is the plugin's (0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN), and bad input is UNKNOWN (3),
 * printed as the plugin's one line: Nagios and Icinga read nothing else.
 */
@Command(name = "check", description = "Monitoring plugin: how old the newest snapshot common to source and target"
        + " is, per dataset, with --coverage-ledger since when the copy's oldest byte has not matched the source,"
        + " and with --runs whether the last night compared the copy with the source."
        + " Exit status 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN (also for bad input).")
final class CheckCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Mixin
    private MetricsOption metricsFile;

    @Mixin
    private SelectionOptions selected;

    @Option(names = "--prefix", defaultValue = SnapshotNaming.DEFAULT_PREFIX,
            description = "Snapshot names whose time is read from the name: PREFIX-yyyyMMddTHHmmssZ (default ${DEFAULT-VALUE}).")
    private String prefix;

    @Option(names = "--warn", paramLabel = "AGE|GLOB=AGE", description = "WARNING above this age (default "
            + AgeThresholds.DEFAULT_WARN + "); GLOB=AGE for matching datasets; repeatable.")
    private List<String> warn = new ArrayList<>();

    @Option(names = "--crit", paramLabel = "AGE|GLOB=AGE", description = "CRITICAL above this age (default "
            + AgeThresholds.DEFAULT_CRIT + "); GLOB=AGE for matching datasets; repeatable.")
    private List<String> crit = new ArrayList<>();

    @Option(names = "--coverage-ledger", paramLabel = "FILE", description = "Also judge the copy's coverage age"
            + " (since when its oldest byte has not matched the source) from this coverage-ledger.json.")
    private java.nio.file.Path coverageLedger;

    @Option(names = "--coverage-warn", paramLabel = "AGE|GLOB=AGE", description = "WARNING above this coverage age"
            + " (default: the ledger's N nights + 1d); GLOB=AGE for matching copies; repeatable.")
    private List<String> coverageWarn = new ArrayList<>();

    @Option(names = "--coverage-crit", paramLabel = "AGE|GLOB=AGE", description = "CRITICAL above this coverage age"
            + " (default: N nights + 3d); repeatable.")
    private List<String> coverageCrit = new ArrayList<>();

    @Option(names = "--runs", paramLabel = "DIR", description = "Also judge what the last finished night under this"
            + " directory (the night's runs) verified: verify = copy that compared no copy is WARNING; a night.json"
            + " that cannot be read is UNKNOWN.")
    private java.nio.file.Path runs;

    @Option(names = "--night-json", paramLabel = "FILE", description = "As --runs, from this night.json (finished or"
            + " not): what the night passes its own check.")
    private java.nio.file.Path nightJson;

    @Option(names = "--json", description = "Print check.json instead of the plugin's text.")
    private boolean json;

    @Option(names = "--now", paramLabel = "INSTANT", description = "The check's time (ISO-8601), default the wall clock.")
    private Instant now;

    CheckCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws Exception {
        return metricsFile.run("check", e -> unknown(environment, json, e.getMessage()), this::check);
    }

    private int check(RunMetrics metrics) {
        FreshnessReport report;
        Instant at = now == null ? environment.clock().instant() : now;
        try {
            CheckOptions options = new CheckOptions(selected.selection(), selected.targetRoot, SnapshotNaming.of(prefix),
                    AgeThresholds.parse(warn, crit));
            // the ledger and its thresholds are read before anything runs: bad input is UNKNOWN at once
            Ledger ledger = coverageLedger == null ? null : CoverageAges.read(coverageLedger);
            List<CoverageAge> coverage = ledger == null ? List.of()
                    : CoverageAges.judge(ledger, at, coverageWarn, coverageCrit);
            NightRecord night = night();
            environment.runner(selected.targetHost); // checks the ssh destinations before anything runs
            environment.runner(selected.sourceHost);
            report = new FreshnessRun(environment.zfs(selected.sourceHost), environment.zfs(selected.targetHost),
                    options).run(at, environment.err()::println).withCoverage(coverage);
            if (night != null) {
                report = report.withNight(night.judge(report.datasets()));
            }
        } catch (ZfsException | CoverageException e) {
            ReportMetrics.checkUnknown(metrics);
            return unknown(environment, json, e.getMessage());
        }
        ReportMetrics.check(metrics, report);
        environment.out().print(json ? CheckJson.write(report) : CheckText.write(report));
        environment.out().flush();
        return report.status().exitStatus();
    }

    /**
     * The night's record --runs or --night-json names, read before anything runs (bad input is UNKNOWN at
     * once); null without them, or before the first finished night under --runs.
     */
    private NightRecord night() {
        if (runs != null && nightJson != null) {
            throw new CheckException("--runs and --night-json: give one or the other");
        }
        return nightJson != null ? NightRecord.read(nightJson) : runs != null ? NightRecord.newestFinished(runs) : null;
    }

    /** UNKNOWN (3) with the problem as the plugin's one line: what Main does for this command's bad input too. */
    static int unknown(CliEnvironment environment, boolean json, String problem) {
        environment.out().print(json ? CheckJson.unknown(problem) : CheckText.unknown(problem));
        environment.out().flush();
        return CheckStatus.UNKNOWN.exitStatus();
    }
}
