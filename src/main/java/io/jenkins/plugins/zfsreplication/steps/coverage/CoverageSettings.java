package io.jenkins.plugins.zfsreplication.steps.coverage;

import io.jenkins.plugins.zfsreplication.check.Ages;
import io.jenkins.plugins.zfsreplication.check.AgeThresholds;
import io.jenkins.plugins.zfsreplication.coverage.CoverageAges;
import io.jenkins.plugins.zfsreplication.coverage.NightRequest;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldText;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * The options of {@code zfsCoverage} and its freestyle builder as one value, checked on the
 * controller (with the engine's messages) and carried to the agent.
 *
 * @param root        the copy's root dataset on the agent
 * @param manifests   the store of the source's manifests: an absolute path on the agent, or one inside the workspace
 * @param nights      N
 * @param budget      at most this much a night (e.g. 500G), or null: what keeps the guarantee
 * @param timeBudget  at most this long a night (e.g. 2h), or null
 * @param drillScratch a restore drill tonight into this dataset, or null for none
 * @param drillSeed   the seed of the drill's choice
 * @param warn        the coverage age above which the build is UNSTABLE (null: N nights + 1d); as zfsCheck's,
 *                    several separated by commas (one plain age, then GLOB=AGE)
 * @param crit        the coverage age above which it fails (null: N nights + 3d)
 */
public record CoverageSettings(String root, String manifests, int nights, String budget, String timeBudget,
                               String drillScratch, long drillSeed, String warn, String crit) implements Serializable {
    public CoverageSettings {
        if (root == null || root.isBlank() || manifests == null || manifests.isBlank()) {
            throw new IllegalArgumentException("zfsCoverage needs the copy's root dataset (root) and the source's"
                    + " manifests (manifests)");
        }
        // every value checked now, with the engine's messages (the fields are not set yet: the parameters); the
        // workspace is the agent's, unknown here, so the manifests resolve against a relative stand-in
        request(root, manifests, nights, budget, timeBudget, drillScratch, drillSeed, Path.of("workspace"),
                Instant.EPOCH, null);
        thresholds(warn, crit, nights);
    }

    /** The night's request, the store and the earlier ledger resolved on the agent. */
    public NightRequest request(Path workspace, Instant now, Path previousLedger) {
        return request(root, manifests, nights, budget, timeBudget, drillScratch, drillSeed, workspace, now, previousLedger);
    }

    private static NightRequest request(String root, String manifests, int nights, String budget, String timeBudget,
                                        String drillScratch, long drillSeed, Path workspace, Instant now,
                                        Path previousLedger) {
        long bytes = budget == null ? 0 : Sizes.parse(budget);
        Duration time = timeBudget == null ? null : Duration.ofSeconds(Ages.parseSeconds(timeBudget));
        NightRequest.DrillPlan drill = drillScratch == null ? null
                : new NightRequest.DrillPlan(DatasetName.of(drillScratch.strip()), drillSeed);
        return new NightRequest(DatasetName.of(root.strip()), workspace.resolve(manifests), nights, bytes, time, now,
                previousLedger, drill);
    }

    /** The coverage ages that make the build UNSTABLE and FAILURE. */
    public AgeThresholds thresholds() {
        return thresholds(warn, crit, nights);
    }

    private static AgeThresholds thresholds(String warn, String crit, int nights) {
        return AgeThresholds.parse(FieldText.words(warn), FieldText.words(crit), "warn", "crit",
                CoverageAges.defaultWarn(nights), CoverageAges.defaultCrit(nights));
    }
}
