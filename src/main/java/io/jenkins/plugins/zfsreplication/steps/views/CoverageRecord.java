package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.check.Ages;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What one night of zfsCoverage did and found, as the build page and the job page's trend show it. */
public final class CoverageRecord implements StepRecord {
    private static final long serialVersionUID = 1L;
    private final String summary;
    private final String verdict;
    private final String status;
    private final double ratio;
    private final long ageSeconds;
    private final long checkedBytes;
    private final long sliceBytes;
    private final long budgetBytes;
    private final long findingCount;
    private final int keepableNights;
    private final String note;
    private final String drill;
    private final List<String> findings;
    private final List<String> artifacts;

    /**
     * @param verdict        matched, overdue, unreadable or mismatch (coverage-night.json's)
     * @param status         the worst coverage age against the step's thresholds: OK, WARNING, CRITICAL
     * @param ratio          bytes matched within N nights over all bytes
     * @param keepableNights the nights the budget keeps, -1 for none
     * @param findings       the first findings, one line each
     */
    public CoverageRecord(String summary, String verdict, String status, double ratio, long ageSeconds, long checkedBytes,
                          long sliceBytes, long budgetBytes, long findingCount, int keepableNights, String note,
                          String drill, List<String> findings, List<String> artifacts) {
        this.summary = summary;
        this.verdict = verdict;
        this.status = status;
        this.ratio = ratio;
        this.ageSeconds = ageSeconds;
        this.checkedBytes = checkedBytes;
        this.sliceBytes = sliceBytes;
        this.budgetBytes = budgetBytes;
        this.findingCount = findingCount;
        this.keepableNights = keepableNights;
        this.note = note;
        this.drill = drill;
        this.findings = new ArrayList<>(findings);
        this.artifacts = new ArrayList<>(artifacts);
    }

    public String getSummary() { return summary; }
    public String getVerdict() { return verdict; }
    public String getStatus() { return status; }
    public double getRatio() { return ratio; }
    public long getAgeSeconds() { return ageSeconds; }
    public long getCheckedBytes() { return checkedBytes; }
    public long getSliceBytes() { return sliceBytes; }
    public long getBudgetBytes() { return budgetBytes; }
    public long getFindingCount() { return findingCount; }
    public int getKeepableNights() { return keepableNights; }
    public String getNote() { return note; }
    public String getDrill() { return drill; }
    public List<String> getFindings() { return findings; }

    /** The coverage in per cent, one decimal, as the build page shows it. */
    public String getPercentText() {
        return String.format(Locale.ROOT, "%.1f%%", 100 * ratio);
    }

    public String getAgeText() {
        return Ages.format(ageSeconds);
    }

    public String getCheckedText() {
        return StepRecord.human(checkedBytes);
    }

    @Override
    public List<String> getArtifacts() {
        return artifacts;
    }
}
