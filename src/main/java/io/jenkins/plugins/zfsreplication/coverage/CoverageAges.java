package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.check.AgeThresholds;
import io.jenkins.plugins.zfsreplication.check.CoverageAge;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The coverage age of each dataset of a copy, as a monitoring check judges it: from the ledger the
 * last night wrote, as of the check's time, so that a ledger no night updates any more ages too.
 */
public final class CoverageAges {
    private CoverageAges() {
    }

    /** The default warning age: N nights and one more; critical: three more. */
    public static String defaultWarn(int nights) {
        return (nights + 1) + "d";
    }

    public static String defaultCrit(int nights) {
        return (nights + 3) + "d";
    }

    /** Reads a ledger file for a check; one that cannot be read is the check's bad input. */
    public static Ledger read(Path file) {
        try {
            return LedgerJson.read(InputFile.readBytes(file, "the coverage ledger", LedgerFiles.MAX_BYTES),
                    file.toString());
        } catch (InputFileException e) {
            throw new CoverageException("%s", e.getMessage());
        }
    }

    /** Each dataset's verdict at {@code now}; {@code warn} and {@code crit} as {@code --coverage-warn/-crit} give them. */
    public static List<CoverageAge> judge(Ledger ledger, Instant now, List<String> warn, List<String> crit) {
        AgeThresholds thresholds = AgeThresholds.parse(warn, crit, "--coverage-warn", "--coverage-crit",
                defaultWarn(ledger.nights()), defaultCrit(ledger.nights()));
        return judge(CoverageSummary.of(ledger, now), ledger.nights(), thresholds);
    }

    /** Each dataset's verdict in {@code coverage} (as of its night), against {@code thresholds}. */
    public static List<CoverageAge> judge(CoverageSummary coverage, int nights, AgeThresholds thresholds) {
        List<CoverageAge> ages = new ArrayList<>();
        for (CoverageSummary.DatasetCoverage dataset : coverage.datasets()) {
            long age = dataset.oldest() == null ? 0 : Duration.between(dataset.oldest(), coverage.now()).getSeconds();
            ages.add(CoverageAge.judge(dataset.dataset(), dataset.ratio(), dataset.oldest(), age,
                    thresholds.warnSeconds(dataset.dataset()), thresholds.critSeconds(dataset.dataset()), nights));
        }
        return ages;
    }
}
