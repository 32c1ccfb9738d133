package io.jenkins.plugins.zfsreplication.steps.compat;

import hudson.init.InitMilestone;
import hudson.init.Initializer;
import hudson.model.Items;
import hudson.model.Run;
import io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanBuilder;
import io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanStep;
import io.jenkins.plugins.zfsreplication.steps.prune.ZfsPruneBuilder;
import io.jenkins.plugins.zfsreplication.steps.prune.ZfsPruneStep;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvBuilder;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvStep;
import io.jenkins.plugins.zfsreplication.steps.verify.ZfsVerifyBuilder;
import io.jenkins.plugins.zfsreplication.steps.verify.ZfsVerifyStep;
import io.jenkins.plugins.zfsreplication.steps.views.PlanRecord;
import io.jenkins.plugins.zfsreplication.steps.views.PruneRecord;
import io.jenkins.plugins.zfsreplication.steps.views.SendRecvRecord;
import io.jenkins.plugins.zfsreplication.steps.views.VerifyRecord;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;

/**
 * Job configurations and build records saved before the steps moved into their sub-packages name
 * the classes by their old names (XStream writes class names): they are read as the moved classes.
 */
public final class SavedClassNames {
    private static final String OLD = "io.jenkins.plugins.zfsreplication.steps.";

    private SavedClassNames() {
    }

    /** Before any job or build is loaded. */
    @Initializer(before = InitMilestone.PLUGINS_STARTED)
    public static void register() {
        // a job's config.xml: the freestyle builders and the steps they hold
        for (Class<?> type : new Class<?>[] {ZfsSnapshotPlanBuilder.class, ZfsSnapshotPlanStep.class,
                ZfsPruneBuilder.class, ZfsPruneStep.class, ZfsSendRecvBuilder.class, ZfsSendRecvStep.class,
                ZfsVerifyBuilder.class, ZfsVerifyStep.class}) {
            Items.XSTREAM2.addCompatibilityAlias(OLD + type.getSimpleName(), type);
        }
        // a build's build.xml: the build page's action and its records
        for (Class<?> type : new Class<?>[] {ZfsReplicationAction.class, PlanRecord.class, PruneRecord.class,
                SendRecvRecord.class, VerifyRecord.class}) {
            Run.XSTREAM2.addCompatibilityAlias(OLD + type.getSimpleName(), type);
        }
    }
}
