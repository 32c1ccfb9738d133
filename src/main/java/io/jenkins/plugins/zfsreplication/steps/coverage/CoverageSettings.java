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
import java.util.Objects;

/**
 * The options of {@code zfsCoverage} and its freestyle builder as one value, checked on the
 * controller (with the engine's messages) and carried to the agent.
 *
 * <p>A class, not a record: a running zfsCoverage keeps it in Jenkins' program.dat, and JBoss
 * Marshalling reads a record by the components its class has now (an earlier form fails to load,
 * and the build with it), a class by the fields the stream names, those it lacks null.
 */
public final class CoverageSettings implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String root;
    private final String manifests;
    private final int nights;
    // not "budget": an earlier release's program.dat has a field of that name, a String, and a field is
    // read by its name (another type fails the load)
    private final Budget nightBudget;
    private final Drill drill;
    private final String warn;
    private final String crit;

    /**
     * @param root      the copy's root dataset on the agent
     * @param manifests the store of the source's manifests: an absolute path on the agent, or one inside the workspace
     * @param nights    N
     * @param budget    what a night may spend
     * @param drill     tonight's restore drill, {@link Drill#NONE} for none
     * @param warn      the coverage age above which the build is UNSTABLE (null: N nights + 1d); as zfsCheck's,
     *                  several separated by commas (one plain age, then GLOB=AGE)
     * @param crit      the coverage age above which it fails (null: N nights + 3d)
     */
    public CoverageSettings(String root, String manifests, int nights, Budget budget, Drill drill, String warn,
                            String crit) {
        if (root == null || root.isBlank() || manifests == null || manifests.isBlank()) {
            throw new IllegalArgumentException("zfsCoverage needs the copy's root dataset (root) and the source's"
                    + " manifests (manifests)");
        }
        this.root = root;
        this.manifests = manifests;
        this.nights = nights;
        this.nightBudget = Objects.requireNonNull(budget, "budget");
        this.drill = Objects.requireNonNull(drill, "drill");
        this.warn = warn;
        this.crit = crit;
        // every value checked now, with the engine's messages; the workspace is the agent's, unknown
        // here, so the manifests resolve against a relative stand-in
        request(Path.of("workspace"), Instant.EPOCH, null);
        thresholds();
    }

    /**
     * What a night may spend. A record new to program.dat: its components stay as they are (a record
     * is read by the components its class has now); a new limit joins {@link CoverageSettings} as a field.
     *
     * @param size at most this much a night (e.g. 500G), or null: what keeps the guarantee
     * @param time at most this long a night (e.g. 2h), or null
     */
    public record Budget(String size, String time) implements Serializable {
        private static final long serialVersionUID = 1L;
        /** No limit but the guarantee's. */
        public static final Budget NONE = new Budget(null, null);
    }

    /**
     * A restore drill tonight. A record new to program.dat: its components stay as they are (a record
     * is read by the components its class has now).
     *
     * @param scratch the dataset to restore into, or null for no drill
     * @param seed    the seed of the drill's choice
     */
    public record Drill(String scratch, long seed) implements Serializable {
        private static final long serialVersionUID = 1L;
        /** No drill. */
        public static final Drill NONE = new Drill(null, 0);
    }

    /** The night's request, the store and the earlier ledger resolved on the agent. */
    public NightRequest request(Path workspace, Instant now, Path previousLedger) {
        long bytes = nightBudget.size() == null ? 0 : Sizes.parse(nightBudget.size());
        Duration time = nightBudget.time() == null ? null : Duration.ofSeconds(Ages.parseSeconds(nightBudget.time()));
        NightRequest.DrillPlan plan = drill.scratch() == null ? null
                : new NightRequest.DrillPlan(DatasetName.of(drill.scratch().strip()), drill.seed());
        return new NightRequest(DatasetName.of(root.strip()), workspace.resolve(manifests), nights, bytes, time, now,
                previousLedger, plan);
    }

    /** The coverage ages that make the build UNSTABLE and FAILURE. */
    public AgeThresholds thresholds() {
        return AgeThresholds.parse(FieldText.words(warn), FieldText.words(crit), "warn", "crit",
                CoverageAges.defaultWarn(nights), CoverageAges.defaultCrit(nights));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CoverageSettings that && Objects.equals(root, that.root)
                && Objects.equals(manifests, that.manifests) && nights == that.nights
                && Objects.equals(nightBudget, that.nightBudget) && Objects.equals(drill, that.drill)
                && Objects.equals(warn, that.warn) && Objects.equals(crit, that.crit);
    }

    @Override
    public int hashCode() {
        return Objects.hash(root, manifests, nights, nightBudget, drill, warn, crit);
    }

    @Override
    public String toString() {
        return "CoverageSettings[root=" + root + ", manifests=" + manifests + ", nights=" + nights + ", budget="
                + nightBudget + ", drill=" + drill + ", warn=" + warn + ", crit=" + crit + "]";
    }
}
