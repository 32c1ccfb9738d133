package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.check.Ages;
import java.io.Serializable;
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
     * What the night says in words.
     *
     * @param verdict matched, overdue, unreadable or mismatch (coverage-night.json's)
     * @param status  the worst coverage age against the step's thresholds: OK, WARNING, CRITICAL
     * @param note    why the guarantee does not hold or the budget cannot keep N, or null
     * @param drill   the restore drill's snapshot and result, or null
     */
    public record Texts(String summary, String verdict, String status, String note, String drill)
            implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /**
     * What the night says in numbers.
     *
     * @param ratio          bytes matched within N nights over all bytes
     * @param keepableNights the nights the budget keeps, -1 for none
     */
    public record Figures(double ratio, long ageSeconds, long checkedBytes, long sliceBytes, long budgetBytes,
                          long findingCount, int keepableNights) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** @param findings the first findings, one line each */
    public CoverageRecord(Texts texts, Figures figures, List<String> findings, List<String> artifacts) {
        this.summary = texts.summary();
        this.verdict = texts.verdict();
        this.status = texts.status();
        this.note = texts.note();
        this.drill = texts.drill();
        this.ratio = figures.ratio();
        this.ageSeconds = figures.ageSeconds();
        this.checkedBytes = figures.checkedBytes();
        this.sliceBytes = figures.sliceBytes();
        this.budgetBytes = figures.budgetBytes();
        this.findingCount = figures.findingCount();
        this.keepableNights = figures.keepableNights();
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
