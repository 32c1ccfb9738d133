package io.jenkins.plugins.zfsreplication.prune;

import java.io.IOException;
import java.nio.file.Path;

import io.jenkins.plugins.zfsreplication.plan.PlanArtifacts;

/** What a prune leaves: the plan rewritten without the pruned steps, and prune-report.json. */
public final class PruneArtifacts {
    public static final String REPORT = "prune-report.json";

    private PruneArtifacts() {
    }

    /** Writes plan.json, plan.txt and prune-report.json into {@code folder}. */
    public static void write(PruneBeforeSend.Result result, Path folder) throws IOException {
        PlanArtifacts.write(result.plan(), folder);
        PruneReportJson.write(result.report(), folder.resolve(REPORT));
    }
}
