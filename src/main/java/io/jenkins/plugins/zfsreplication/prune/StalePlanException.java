package io.jenkins.plugins.zfsreplication.prune;

/**
 * The plan no longer matches the target: a base it sends incrementals from, or a target it found
 * up to date, is not on the target now (pool exported, disk gone, another host, the base
 * destroyed). Pruning against it would judge the source as if no target needed anything, so it
 * stops before deciding: bad input, nothing destroyed, nothing written.
 */
public final class StalePlanException extends PruneException {
    private static final long serialVersionUID = 1L;

    StalePlanException(String format, Object... args) {
        super(format, args);
    }
}
