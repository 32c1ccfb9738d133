package io.jenkins.plugins.zfsreplication.plan;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import java.io.IOException;
import java.nio.file.Path;

/** The files a plan is kept in: plan.json (what the later steps read) and plan.txt (for people). */
public final class PlanArtifacts {
    public static final String JSON = "plan.json";
    public static final String TEXT = "plan.txt";

    private PlanArtifacts() {
    }

    /** Writes both files into {@code folder}, each replaced atomically; returns plan.txt's text. */
    public static String write(ReplicationPlan plan, Path folder) throws IOException {
        return write(plan, folder, dataset -> java.util.List.of());
    }

    /** The same with notes under each dataset in plan.txt (see {@link PlanText#write(ReplicationPlan, java.util.function.Function)}). */
    public static String write(ReplicationPlan plan, Path folder,
                               java.util.function.Function<DatasetPlan, java.util.List<String>> notes) throws IOException {
        PlanJson.write(plan, folder.resolve(JSON));
        String text = PlanText.write(plan, notes);
        AtomicFile.write(folder.resolve(TEXT), text);
        return text;
    }
}
