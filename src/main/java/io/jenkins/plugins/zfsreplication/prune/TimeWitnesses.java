package io.jenkins.plugins.zfsreplication.prune;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.HostTime;

/**
 * What a run knows besides this host's clock to judge it by ({@link ClockWitness}); the newest
 * snapshot created before the plan is the third, found in the listings.
 *
 * @param previousRun when the previous run started (the night's previous night); null when unknown
 * @param otherHosts  the other hosts' clocks, asked while they were listed; empty when every end is here
 */
public record TimeWitnesses(Instant previousRun, List<HostTime> otherHosts) implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Nothing known besides the listings. */
    public static final TimeWitnesses NONE = new TimeWitnesses(null, List.of());

    public TimeWitnesses {
        otherHosts = List.copyOf(otherHosts);
    }

    /** These witnesses, with when the previous run started. */
    public TimeWitnesses withPreviousRun(Instant previous) {
        return new TimeWitnesses(previous, otherHosts);
    }

    /** These witnesses, with the other hosts' clocks (replacing any given before). */
    public TimeWitnesses withOtherHosts(List<HostTime> hosts) {
        return new TimeWitnesses(previousRun, hosts);
    }
}
