package io.jenkins.plugins.zfsreplication.steps.views;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Run;
import java.util.Collection;
import java.util.Set;
import java.util.function.Function;
import jenkins.model.TransientActionFactory;

/**
 * Adds one of this plugin's job actions to the jobs whose last completed or last successful build
 * ran a zfs step: two lookups Jenkins caches, since this runs on every view of every job. Each
 * action's {@code @Extension} names its class and constructor.
 */
@SuppressWarnings("rawtypes") // the factory idiom of Jenkins core: TransientActionFactory<Job>
public abstract class ZfsJobActionFactory<A extends Action> extends TransientActionFactory<Job> {
    private final Class<A> actionType;
    private final Function<Job<?, ?>, A> action;

    protected ZfsJobActionFactory(Class<A> actionType, Function<Job<?, ?>, A> action) {
        this.actionType = actionType;
        this.action = action;
    }

    @Override
    public final Class<Job> type() {
        return Job.class;
    }

    @Override
    public final Class<? extends Action> actionType() {
        return actionType;
    }

    @NonNull
    @Override
    public final Collection<? extends Action> createFor(@NonNull Job target) {
        Job<?, ?> job = target;
        return ranZfsSteps(job) ? Set.of(action.apply(job)) : Set.of();
    }

    /** True when the job's last completed or last successful build ran a zfs step. */
    static boolean ranZfsSteps(Job<?, ?> job) {
        return usedZfs(job.getLastCompletedBuild()) || usedZfs(job.getLastSuccessfulBuild());
    }

    private static boolean usedZfs(Run<?, ?> build) {
        return build != null && build.getAction(ZfsReplicationAction.class) != null;
    }
}
