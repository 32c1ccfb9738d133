package io.jenkins.plugins.zfsreplication.zfs;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/**
 * What another host's clock said, asked while its pool was listed: a witness for this host's
 * clock that cannot have jumped with it (two hosts' clocks jump together only when both follow
 * the same wrong source).
 *
 * @param host the host, as its listing names it
 * @param time its clock, to the second
 */
public record HostTime(String host, Instant time) implements Serializable {
    private static final long serialVersionUID = 1L;

    public HostTime {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(time, "time");
    }
}
