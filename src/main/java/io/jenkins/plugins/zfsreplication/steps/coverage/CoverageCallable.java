package io.jenkins.plugins.zfsreplication.steps.coverage;

import hudson.AbortException;
import hudson.model.TaskListener;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.check.CheckStatus;
import io.jenkins.plugins.zfsreplication.check.CoverageAge;
import io.jenkins.plugins.zfsreplication.coverage.CoverageAges;
import io.jenkins.plugins.zfsreplication.coverage.CoverageException;
import io.jenkins.plugins.zfsreplication.coverage.LedgerJson;
import io.jenkins.plugins.zfsreplication.coverage.NightFinding;
import io.jenkins.plugins.zfsreplication.coverage.NightReport;
import io.jenkins.plugins.zfsreplication.coverage.NightlySlice;
import io.jenkins.plugins.zfsreplication.coverage.ZfsCoverageHost;
import io.jenkins.plugins.zfsreplication.restore.RestoreDrill;
import io.jenkins.plugins.zfsreplication.steps.views.CoverageRecord;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import jenkins.MasterToSlaveFileCallable;

/**
 * Runs one night of coverage on the agent that holds the copy, into the workspace: the ledger of
 * the night before is {@link #PREVIOUS} there when the controller found one in an earlier build.
 * Returns the small summary the build page and the script need.
 */
final class CoverageCallable extends MasterToSlaveFileCallable<CoverageCallable.Outcome> {
    private static final long serialVersionUID = 1L;
    /** Where the controller puts the earlier build's ledger in the workspace. */
    static final String PREVIOUS = "coverage-ledger-previous.json";
    /** What a night writes into the workspace: names fixed here, never taken from the agent. */
    static final List<String> FILES = List.of(LedgerJson.FILE_NAME, NightReport.FILE_NAME, "restore-drill.json",
            RestoreDrill.NAME + ".manifest", RestoreDrill.NAME + "-report.json", RestoreDrill.NAME + "-throughput.csv",
            RestoreDrill.NAME + "-throughput.svg");
    /** Findings shown in the build log and kept on the build page; all are in coverage-night.json. */
    static final int SHOWN = 100;

    private final CoverageSettings settings;
    private final boolean previous;
    private final TaskListener listener;

    CoverageCallable(CoverageSettings settings, boolean previous, TaskListener listener) {
        this.settings = settings;
        this.previous = previous;
        this.listener = listener;
    }

    /** One dataset's coverage age and its verdict. */
    record Dataset(String dataset, CheckStatus status, String reason, double ratio, long ageSeconds)
            implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /**
     * What the controller keeps of the night.
     *
     * @param kept every own byte of a valid snapshot was read within N nights
     */
    record Outcome(String summary, NightReport.Verdict verdict, CoverageRecord.Figures figures, boolean kept,
                   Notes notes, List<String> findings, List<Dataset> datasets) implements Serializable {
        private static final long serialVersionUID = 1L;

        Outcome {
            findings = List.copyOf(findings);
            datasets = List.copyOf(datasets);
        }

        String note() {
            return notes.note();
        }

        String drill() {
            return notes.drill();
        }

        String cancelled() {
            return notes.cancelled();
        }

        /** The worst coverage status of the datasets ({@link CheckStatus#worse}); OK without any. */
        CheckStatus status() {
            return datasets.stream().map(Dataset::status).reduce(CheckStatus.OK, CheckStatus::worse);
        }
    }

    /**
     * The night's lines beside its figures.
     *
     * @param note      why the guarantee does not hold or the budget cannot keep N, or null
     * @param drill     the restore drill's snapshot and result, or null
     * @param cancelled why the night's reads were cancelled (the step was aborted), else null
     */
    record Notes(String note, String drill, String cancelled) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    @Override
    public Outcome invoke(File workspace, VirtualChannel channel) throws IOException {
        Path directory = workspace.toPath();
        for (String file : FILES) {
            // an earlier build's files left in the workspace must never be archived as this one's
            Files.deleteIfExists(directory.resolve(file));
        }
        PrintStream log = listener.getLogger();
        ProcessCommandRunner runner = new ProcessCommandRunner();
        Instant now = Instant.now();
        try {
            var request = settings.request(directory, now, previous ? directory.resolve(PREVIOUS) : null);
            ZfsCoverageHost host = new ZfsCoverageHost(new Zfs(runner), runner, Runtime.getRuntime().availableProcessors(),
                    request.drill() == null ? null : request.drill().scratch(), line -> { });
            NightReport report = new NightlySlice(host, line -> log.println("zfsCoverage: " + TerminalText.line(line)))
                    .run(request, directory);
            return outcome(report);
        } catch (CoverageException | ZfsException e) {
            throw new AbortException("zfsCoverage: " + e.getMessage());
        }
    }

    private Outcome outcome(NightReport report) {
        List<String> findings = new ArrayList<>();
        for (NightFinding finding : report.found().listed()) {
            if (findings.size() < SHOWN) {
                findings.add(finding.describe());
            }
        }
        List<Dataset> datasets = new ArrayList<>();
        var ages = CoverageAges.judge(report.coverage(), report.basis().nights(), settings.thresholds());
        for (CoverageAge age : ages) {
            datasets.add(new Dataset(age.dataset(), age.status(), age.reason(), age.ratio(), age.ageSeconds()));
        }
        Integer keepable = report.guarantee().keepableNights();
        CoverageRecord.Figures figures = new CoverageRecord.Figures(report.coverage().ratio(),
                report.coverage().age().getSeconds(), report.slice().checkedBytes(), report.slice().plan().sliceBytes(),
                report.basis().budgetBytes(), report.found().count(), keepable == null ? -1 : keepable);
        String drill = report.drill() == null ? null : report.drill().dataset() + "@" + report.drill().snapshot() + ": "
                + report.drill().result();
        return new Outcome(report.summary(), report.verdict(), figures, report.guarantee().kept(),
                new Notes(report.guarantee().note(), drill, report.slice().cancelled()), findings, datasets);
    }
}
