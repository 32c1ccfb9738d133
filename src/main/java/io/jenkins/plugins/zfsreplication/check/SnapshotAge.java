package io.jenkins.plugins.zfsreplication.check;

import java.time.Instant;

/**
 * One snapshot the check looked at and how old it is.
 *
 * @param name       the short name (after '@')
 * @param guid       unsigned, as zfs prints it
 * @param time       when it counts as taken: the time in its name (this project's naming), else its
 *                   {@code creation} property
 * @param ageSeconds the check's "now" minus {@code time}; negative when the host's clock is ahead
 */
public record SnapshotAge(String name, String guid, Instant time, long ageSeconds) {
}
