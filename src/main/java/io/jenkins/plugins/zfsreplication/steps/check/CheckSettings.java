package io.jenkins.plugins.zfsreplication.steps.check;

import io.jenkins.plugins.zfsreplication.check.AgeThresholds;
import io.jenkins.plugins.zfsreplication.check.CheckOptions;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldText;
import io.jenkins.plugins.zfsreplication.steps.shared.PullSource;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionSettings;

/**
 * The options of {@code zfsCheck} and its builder as one value, checked on the controller and
 * carried to the agent; pulling, as zfsSnapshotPlan's, the source is listed over ssh. {@code warn}
 * and {@code crit} are written as on the command line, several separated by commas or white space:
 * {@code '26h, tank/db/**=2h'}; blank takes the defaults (26h, 50h).
 */
public final class CheckSettings extends SelectionSettings {
    private static final long serialVersionUID = 1L;
    static final String PULLING = "lists the source from";
    private final String warn;
    private final String crit;

    public CheckSettings(Datasets datasets, Target target, PullSource source, String warn, String crit) {
        super("zfsCheck", PULLING, datasets, target, source, () -> thresholds(warn, crit));
        this.warn = warn;
        this.crit = crit;
    }

    /** The engine's options. */
    public CheckOptions options() {
        return new CheckOptions(selection(), target().dataset(), datasets().naming(), thresholds(warn, crit));
    }

    static AgeThresholds thresholds(String warn, String crit) {
        return AgeThresholds.parse(FieldText.words(warn), FieldText.words(crit));
    }
}
