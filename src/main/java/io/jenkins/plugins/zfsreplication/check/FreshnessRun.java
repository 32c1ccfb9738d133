package io.jenkins.plugins.zfsreplication.check;

import java.time.Instant;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * One check against live hosts: the source listed once, the target once (the same listings a plan
 * makes, so a check costs what planning costs and never more), then {@link FreshnessCheck}.
 * Nothing is written to either host.
 */
public record FreshnessRun(Zfs source, Zfs target, CheckOptions options) {

    public FreshnessReport run(Instant now, Consumer<String> log) {
        Listing sourceListing = listSource(log);
        Listing targetListing = PlanRun.listTargetText(target, options.targetRoot(), log).parse();
        log.accept(String.format("target %s: %d objects listed in one call", target.host(), targetListing.size()));
        return FreshnessCheck.check(sourceListing, targetListing, options, now);
    }

    /** Checks against a target listing taken on the target's own host ({@link PlanRun#listTargetText}). */
    public FreshnessReport run(Instant now, ListingText targetListing, Consumer<String> log) {
        Listing sourceListing = listSource(log);
        Listing listing = targetListing.parse();
        log.accept(String.format("target %s: %d objects, listed there in one call", listing.host(), listing.size()));
        return FreshnessCheck.check(sourceListing, listing, options, now);
    }

    private Listing listSource(Consumer<String> log) {
        Listing listing = source.list(options.selection().roots(), options.selection().recursive(),
                PlanRun.SOURCE_PROPERTIES);
        log.accept(String.format("source %s: %d objects listed in one call", source.host(), listing.size()));
        return listing;
    }
}
