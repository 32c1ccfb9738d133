package io.jenkins.plugins.zfsreplication.check;

import io.jenkins.plugins.zfsreplication.text.TerminalText;

import java.util.List;
import java.util.Locale;

/**
 * The report as a monitoring plugin prints it (Monitoring Plugins development guidelines): a first
 * line {@code ZFS-REPLICATION STATUS - summary | perfdata}, then one line per dataset (the "long
 * output" Icinga and Nagios show on the service's page). The performance data is one item per
 * dataset, {@code 'SOURCE'=AGEs;WARN;CRIT;0}, the age of its newest common snapshot in seconds
 * ({@code U} when there is none), so that graphs show each dataset's lag against its thresholds.
 */
public final class CheckText {
    static final String SERVICE = "ZFS-REPLICATION";

    private CheckText() {
    }

    public static String write(FreshnessReport report) {
        StringBuilder text = new StringBuilder();
        CheckStatus status = report.status();
        text.append(SERVICE).append(' ').append(status).append(" - ").append(summary(report));
        String perfdata = perfdata(report.datasets()) + coveragePerfdata(report.coverage());
        if (!perfdata.isEmpty()) {
            text.append(" |").append(perfdata);
        }
        text.append('\n');
        for (DatasetFreshness dataset : report.datasets()) {
            text.append(dataset.status()).append(' ').append(dataset.source()).append(" -> ").append(dataset.target())
                    .append(": ").append(dataset.reason());
            if (dataset.newestSource() != null) {
                text.append("; newest on the source @").append(dataset.newestSource().name()).append(" (")
                        .append(Ages.format(dataset.newestSource().ageSeconds())).append(')');
            }
            if (dataset.newestTarget() != null) {
                text.append("; newest on the target @").append(dataset.newestTarget().name()).append(" (")
                        .append(Ages.format(dataset.newestTarget().ageSeconds())).append(')');
            }
            text.append('\n');
        }
        for (var refused : report.notJudged()) {
            // a listed name may hold anything: shown, never interpreted
            text.append(CheckStatus.WARNING).append(' ').append(TerminalText.line(refused.name())).append(": not judged: ")
                    .append(TerminalText.line(refused.reason())).append('\n');
        }
        for (CoverageAge age : report.coverage()) {
            text.append(age.status()).append(" coverage ").append(age.dataset()).append(": ").append(age.reason())
                    .append('\n');
        }
        for (VerifiedCopy copy : report.night().datasets()) {
            text.append(copy.status()).append(" verified ").append(copy.dataset()).append(": ").append(copy.reason())
                    .append('\n');
        }
        return text.toString();
    }

    /** The one line a check that could not look prints, with exit status 3. */
    public static String unknown(String problem) {
        return SERVICE + " " + CheckStatus.UNKNOWN + " - " + oneLine(problem) + "\n";
    }

    private static String summary(FreshnessReport report) {
        if (report.datasets().isEmpty() && report.notJudged().isEmpty()) {
            return "no dataset selected on " + report.sourceHost() + ": nothing to check";
        }
        long critical = report.count(CheckStatus.CRITICAL);
        long warning = report.count(CheckStatus.WARNING) + report.notJudged().size();
        long ok = report.count(CheckStatus.OK);
        String coverage = coverage(report) + verified(report);
        if (critical == 0 && warning == 0) {
            long oldest = report.datasets().stream().mapToLong(d -> d.newestCommon().ageSeconds()).max().orElse(0);
            return String.format(Locale.ROOT, "%d dataset(s) replicated, the oldest newest common snapshot is %s old",
                    ok, Ages.format(oldest)) + coverage;
        }
        DatasetFreshness worst = report.datasets().stream().filter(d -> d.status() == report.status()).findFirst()
                .orElse(null);
        if (worst == null && !report.notJudged().isEmpty() && report.status() == CheckStatus.WARNING) {
            return String.format(Locale.ROOT, "%d critical, %d warning, %d ok: %s: not judged: %s%s", critical, warning,
                    ok, oneLine(report.notJudged().get(0).name()), oneLine(report.notJudged().get(0).reason()),
                    warning > 1 ? " (and " + (warning - 1) + " more)" : "");
        }
        if (worst == null) {
            return String.format(Locale.ROOT, "%d dataset(s) replicated", ok) + coverage;
        }
        long others = critical + warning - 1;
        return String.format(Locale.ROOT, "%d critical, %d warning, %d ok: %s: %s%s", critical, warning, ok,
                worst.source(), worst.reason(), others > 0 ? " (and " + others + " more)" : "");
    }

    /** The coverage part of the first line: the worst copy's verdict, or the oldest match when all are OK. */
    private static String coverage(FreshnessReport report) {
        if (report.coverage().isEmpty()) {
            return "";
        }
        CoverageAge worst = report.coverage().stream().max(java.util.Comparator.comparing(CoverageAge::status)
                .thenComparingLong(CoverageAge::ageSeconds)).orElseThrow();
        return "; coverage " + (worst.status() == CheckStatus.OK ? "" : worst.status() + " ") + worst.dataset() + ": "
                + worst.reason();
    }

    /** The night's part of the first line: the first copy it did not compare, nothing when it compared all. */
    private static String verified(FreshnessReport report) {
        List<VerifiedCopy> uncompared = report.night().datasets().stream()
                .filter(c -> c.status() != CheckStatus.OK).toList();
        if (uncompared.isEmpty()) {
            return "";
        }
        VerifiedCopy first = uncompared.get(0);
        return "; " + first.status() + " verified " + first.dataset() + ": " + oneLine(first.reason())
                + (uncompared.size() > 1 ? " (and " + (uncompared.size() - 1) + " more)" : "");
    }

    /** One item per copy: {@code 'coverage DATASET'=AGEs;WARN;CRIT;0}, the age of its oldest match. */
    private static String coveragePerfdata(List<CoverageAge> ages) {
        StringBuilder text = new StringBuilder();
        for (CoverageAge age : ages) {
            text.append(" 'coverage ").append(age.dataset()).append("'=").append(age.ageSeconds()).append("s;")
                    .append(age.warnSeconds()).append(';').append(age.critSeconds()).append(";0");
        }
        return text.toString();
    }

    private static String perfdata(List<DatasetFreshness> datasets) {
        StringBuilder text = new StringBuilder();
        for (DatasetFreshness dataset : datasets) {
            // dataset names hold no quote, '=' or space (DatasetName refuses them), so quoting is enough
            text.append(" '").append(dataset.source()).append("'=");
            text.append(dataset.newestCommon() == null ? "U" : dataset.newestCommon().ageSeconds() + "s");
            text.append(';').append(dataset.warnSeconds()).append(';').append(dataset.critSeconds()).append(";0");
        }
        return text.toString();
    }

    /** The first line, printable ('|' starts the performance data in a plugin's output, so it is not kept). */
    private static String oneLine(String text) {
        String line = text == null ? "" : text.strip();
        int newline = line.indexOf('\n');
        return TerminalText.line(newline < 0 ? line : line.substring(0, newline)).replace('|', '/');
    }
}
