package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One night of coverage.
 *
 * @param root           the copy's root: every file system and volume at or below it is covered
 * @param manifests      the store of the source's manifests ({@link ManifestStore})
 * @param nights         N: every byte of every retained snapshot is to be matched within N nights
 * @param budgetBytes    the most tonight reads (logical bytes of the chunks checked); 0: what keeps the guarantee
 * @param budgetTime     the longest tonight reads; null: no limit
 * @param now            the night's time: what the ledger records, what ages are measured from
 * @param previousLedger the ledger of the night before; null, or a file that is gone: start over, and say so
 * @param drill          a seeded random restore drill tonight, or null for none
 */
public record NightRequest(DatasetName root, Path manifests, int nights, long budgetBytes, Duration budgetTime,
                           Instant now, Path previousLedger, DrillPlan drill) {
    public NightRequest {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(manifests, "manifests");
        Objects.requireNonNull(now, "now");
        if (nights < 1 || nights > 3660) {
            throw new CoverageException("--nights %d out of range: give 1 to 3660 nights", nights);
        }
        if (budgetBytes < 0) {
            throw new CoverageException("The byte budget %d is negative", budgetBytes);
        }
        if (budgetTime != null && (budgetTime.isNegative() || budgetTime.isZero())) {
            throw new CoverageException("The time budget %s is not positive", budgetTime);
        }
    }

    /** A restore drill of a snapshot chosen at random, seeded: into {@code scratch}, which must not exist. */
    public record DrillPlan(DatasetName scratch, long seed) {
        public DrillPlan {
            Objects.requireNonNull(scratch, "scratch");
            if (scratch.name().indexOf('/') < 0) {
                throw new CoverageException("The drill's scratch dataset %s is a pool: name a dataset inside one", scratch);
            }
        }
    }
}
