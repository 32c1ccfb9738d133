package io.jenkins.plugins.zfsreplication.check;

import java.time.Instant;
import java.util.Objects;

/**
 * The coverage verdict of one dataset of the copy, from the coverage ledger: since when its oldest
 * byte has not matched the source (never matched: since the ledger first saw it), against the
 * dataset's warning and critical ages.
 *
 * @param oldest     when the oldest byte last matched (or was first seen); null for a dataset without bytes
 * @param ageSeconds the check's "now" minus {@code oldest}
 * @param ratio      the bytes matched within the ledger's N nights over all bytes
 */
public record CoverageAge(String dataset, CheckStatus status, String reason, long warnSeconds, long critSeconds,
                          double ratio, Instant oldest, long ageSeconds) {
    public CoverageAge {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
    }

    /** The verdict of a dataset whose oldest byte last matched {@code ageSeconds} ago. */
    public static CoverageAge judge(String dataset, double ratio, Instant oldest, long ageSeconds, long warn, long crit,
                                    int nights) {
        CheckStatus status = ageSeconds > crit ? CheckStatus.CRITICAL : ageSeconds > warn ? CheckStatus.WARNING
                : CheckStatus.OK;
        String reason = String.format(java.util.Locale.ROOT, "%.1f%% matched within %d nights, the oldest byte last"
                + " matched %s ago", 100 * ratio, nights, Ages.format(ageSeconds)) + switch (status) {
                    case CRITICAL -> ", above the critical " + Ages.format(crit);
                    case WARNING -> ", above the warning " + Ages.format(warn);
                    case OK, UNKNOWN -> "";
                };
        return new CoverageAge(dataset, status, reason, warn, crit, ratio, oldest, ageSeconds);
    }
}
