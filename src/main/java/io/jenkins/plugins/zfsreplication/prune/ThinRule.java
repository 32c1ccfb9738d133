package io.jenkins.plugins.zfsreplication.prune;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * zfs_autobackup's thinning schedule, e.g. {@code 10,1d1w,1w1m,1m1y}. A plain number N keeps the
 * N youngest snapshots (all of them when there are no more than N). Each {@code <period><ttl>}
 * keeps, among the snapshots at most {@code ttl} old, the oldest of every period-long block of
 * time; blocks are counted from the Unix epoch (block = seconds since the epoch / period), so
 * they do not move between runs. Units: s, min, h, d, w, m (30 days), y (365.25 days). A period
 * longer than its ttl is an error.
 */
final class ThinRule implements RetentionRule {
    static final Map<String, Long> UNITS = Map.of("s", 1L, "min", 60L, "h", 3600L, "d", 86_400L, "w", 604_800L,
            "m", 2_592_000L, "y", 31_557_600L);
    private static final String UNIT_HELP = "s, min, h, d, w, m (30 days), y (365.25 days)";
    /** Periods per schedule: every snapshot is judged by each, so their number is bounded. */
    static final int MAX_ITEMS = 1000;

    private final String text;
    private final int keepLast;
    private final List<long[]> periods; // {period, ttl} in seconds
    private final String[] reasons; // per period rule, made once
    private final String lastReason;

    private ThinRule(String text, int keepLast, List<long[]> periods, List<String> labels) {
        this.text = text;
        this.keepLast = keepLast;
        this.periods = periods;
        this.reasons = labels.stream().map(label -> "thin " + label + " (oldest of its block)").toArray(String[]::new);
        this.lastReason = "thin " + keepLast + " (the " + keepLast + " youngest)";
    }

    /** thin := item (',' item)*; item := N | N UNIT N UNIT */
    static ThinRule parse(String spec, int start, int end) {
        Cursor cursor = new Cursor(spec, start, end);
        int keepLast = 0;
        List<long[]> periods = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        do {
            int from = cursor.position();
            if (periods.size() == MAX_ITEMS) {
                throw cursor.error("a thinning schedule has at most %d items", MAX_ITEMS);
            }
            long amount = cursor.number("a count or a period", 1_000_000);
            if (cursor.atEnd() || cursor.peek(',')) {
                keepLast = (int) amount;
            } else {
                long period = amount * cursor.unit(UNITS, UNIT_HELP);
                int ttlAt = cursor.position();
                long ttl = cursor.number("the time to live after the period (as in 1d1w)", 1_000_000)
                        * cursor.unit(UNITS, UNIT_HELP);
                if (period > ttl) {
                    throw new RetentionSyntaxException(spec, ttlAt, "the period is longer than its time to live in '%s'",
                            spec.substring(from, cursor.position()).strip());
                }
                periods.add(new long[] {period, ttl});
                labels.add(spec.substring(from, cursor.position()).strip());
            }
            if (!cursor.atEnd() && !cursor.peek(',')) {
                throw cursor.error("expected ',' between schedule items, found %s", cursor.found());
            }
        } while (cursor.peek(',') && next(cursor));
        return new ThinRule("thin: " + spec.substring(start, end).strip(), keepLast, periods, labels);
    }

    private static boolean next(Cursor cursor) {
        cursor.advance(1);
        if (cursor.atEnd()) {
            throw cursor.error("a schedule item must follow ','");
        }
        return true;
    }

    @Override
    public String[] keep(List<String> names, long[] times, long now) {
        String[] kept = new String[times.length];
        // candidates come oldest first, so block numbers only grow: "first in its block" is "block changed"
        long[] lastBlock = new long[periods.size()];
        Arrays.fill(lastBlock, Long.MIN_VALUE);
        for (int i = 0; i < times.length; i++) {
            long stamp = times[i];
            long age = now - stamp;
            for (int r = 0; r < periods.size(); r++) {
                long[] rule = periods.get(r);
                long block = Math.floorDiv(stamp, rule[0]);
                // every rule sees every snapshot: a block's first snapshot is claimed in each rule's blocks
                if (age <= rule[1] && block != lastBlock[r]) {
                    lastBlock[r] = block;
                    kept[i] = kept[i] == null ? reasons[r] : kept[i];
                }
            }
        }
        for (int i = Math.max(0, times.length - keepLast); i < times.length; i++) {
            kept[i] = kept[i] == null ? lastReason : kept[i];
        }
        return kept;
    }

    @Override
    public String text() {
        return text;
    }

    @Override
    public boolean countsAge() {
        return true;
    }
}
