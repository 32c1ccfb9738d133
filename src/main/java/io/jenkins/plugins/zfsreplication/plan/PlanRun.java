package io.jenkins.plugins.zfsreplication.plan;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * One planning run against live hosts: lists the source once, takes the run's snapshots if asked
 * (one atomic {@code zfs snapshot}, see {@link SnapshotTaker}) and lists the source once more to
 * learn their GUIDs, lists the target once, and plans. The log says what was done, for the
 * caller to show.
 *
 * @param snapshotNow   take a snapshot of every selected dataset first
 * @param estimateSizes ask {@code zfs send -nP} for every step's size, where the source can
 * @param hooks         run around the snapshot ({@code snapshotNow})
 */
public record PlanRun(Zfs source, Zfs target, PlanOptions options, boolean snapshotNow, boolean estimateSizes,
                      SnapshotHooks hooks) {
    public PlanRun(Zfs source, Zfs target, PlanOptions options, boolean snapshotNow, boolean estimateSizes) {
        this(source, target, options, snapshotNow, estimateSizes, SnapshotHooks.NONE);
    }

    /** Properties every planning listing asks for beyond the core ones. */
    public static final List<String> SOURCE_PROPERTIES = List.of(Selection.PROPERTY, "userrefs", "origin");

    /**
     * What planning lists of the source: {@link #SOURCE_PROPERTIES} and, where its zfs has
     * encryption (raw sends), how each dataset is encrypted ({@link Encryption#PROPERTIES}).
     */
    public static List<String> sourceProperties(Zfs source) {
        if (!source.capabilities().has(Feature.RAW_SEND)) {
            return SOURCE_PROPERTIES;
        }
        List<String> properties = new ArrayList<>(SOURCE_PROPERTIES);
        properties.addAll(Encryption.PROPERTIES);
        return List.copyOf(properties);
    }

    public ReplicationPlan run(Instant now, Consumer<String> log) {
        return run(now, () -> listTarget(log), log);
    }

    /**
     * Plans against a target listing taken elsewhere (on the target's own host, see
     * {@link #listTargetText}); {@link #target()} is not used then.
     */
    public ReplicationPlan run(Instant now, ListingText targetListing, Consumer<String> log) {
        return run(now, () -> targetListing, log);
    }

    private ReplicationPlan run(Instant now, Supplier<ListingText> targetLister, Consumer<String> log) {
        Listing sourceListing = listSource();
        log.accept(String.format("source %s: %d objects listed in one call", source.host(), sourceListing.size()));
        if (snapshotNow) {
            new SnapshotRun(source, options.selection(), options.naming(), hooks).take(sourceListing, now, log);
            sourceListing = listSource();
            log.accept(String.format("source listed again for the new snapshots' GUIDs: %d objects", sourceListing.size()));
        }
        ListingText targetText = targetLister.get();
        Listing targetListing = targetText.parse();
        if (targetListing.size() > 0) {
            log.accept(String.format("target %s: %d objects listed in one call", targetListing.host(),
                    targetListing.size()));
        }
        ReplicationPlan plan = Planner.plan(sourceListing, targetListing, options, now,
                targetText.unreadable().orElse(null));
        return estimateSizes ? estimate(plan, log) : plan;
    }

    Listing listSource() {
        return new SnapshotRun(source, options.selection(), options.naming()).list();
    }

    /** The target's listing under the target root; empty when the root does not exist yet. */
    ListingText listTarget(Consumer<String> log) {
        return listTargetText(target, options.targetRoot(), log);
    }

    /**
     * What planning needs of the target, in one zfs call on the target's host: everything under
     * {@code targetRoot}, as text to hand to the planning host. Empty when the root does not exist
     * yet but its parent does (every dataset is new); unreadable ({@link ListingText#unreadable})
     * when its pool or parent is missing: then no dataset is taken for new.
     */
    public static ListingText listTargetText(Zfs target, DatasetName targetRoot, Consumer<String> log) {
        List<String> properties = new ArrayList<>(List.of("userrefs", "origin"));
        if (target.capabilities().has(Feature.RESUME_TOKENS)) {
            properties.add(Planner.RESUME_TOKEN);
        }
        ListingText text = target.listRootText(targetRoot, properties);
        if (text.unreadable().isPresent()) {
            log.accept(String.format("target %s: %s cannot be read: %s", target.host(), targetRoot,
                    text.unreadable().get()));
        } else if (text.isEmpty()) {
            log.accept(String.format("target %s: %s does not exist yet, every dataset is new", target.host(),
                    targetRoot));
        }
        return text;
    }

    /** A resumed step sends the rest of its stream: what its token says is left, -1 if the token is stale. */
    private long restOf(SendStep step) {
        try {
            return Zfs.resumeSizeEstimate(source.describeResumeToken(step.resumeToken()));
        } catch (ZfsException e) {
            return -1;
        }
    }

    private ReplicationPlan estimate(ReplicationPlan plan, Consumer<String> log) {
        if (!source.capabilities().has(Feature.SEND_SIZE_ESTIMATE)) {
            log.accept("no size estimates: the source's zfs has no 'send -nP'");
            return plan;
        }
        List<DatasetPlan> datasets = new ArrayList<>();
        for (DatasetPlan dataset : plan.datasets()) {
            List<SendStep> steps = dataset.steps().stream()
                    .map(step -> step.withEstimatedBytes(step.kind() == SendKind.RESUME ? restOf(step)
                            : step.fromBookmark() != null
                                    ? source.estimateSendSizeFromBookmark(step.fromBookmark(), step.toSnapshot())
                                    : source.estimateSendSize(step.fromSnapshot(), step.toSnapshot(),
                                            step.kind() == SendKind.INCREMENTAL_RANGE)))
                    .toList();
            datasets.add(dataset.withSteps(steps, ""));
        }
        return plan.withDatasets(datasets);
    }
}
