package io.jenkins.plugins.zfsreplication.prune;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.plan.PlanArtifacts;

/** What a prune leaves: the plan rewritten without the pruned steps, and prune-report.json. */
public final class PruneArtifacts {
    public static final String REPORT = "prune-report.json";

    private PruneArtifacts() {
    }

    /** Writes plan.json, plan.txt and prune-report.json into {@code folder}. */
    public static void write(PruneBeforeSend.Result result, Path folder) throws IOException {
        Map<String, List<String>> notes = new HashMap<>();
        for (EffectiveRule rule : result.report().retention()) {
            notes.computeIfAbsent(rule.dataset(), d -> new ArrayList<>()).add(String.format("keep-%s: %s (%s)",
                    rule.side(), rule.rules() == null ? "none" : rule.rules(), rule.describeOrigin()));
        }
        PlanArtifacts.write(result.plan(), folder, dataset -> notes.getOrDefault(dataset.source().name(), List.of()));
        PruneReportJson.write(result.report(), folder.resolve(REPORT));
    }
}
