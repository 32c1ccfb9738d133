package io.jenkins.plugins.zfsreplication.prune;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * zrepl's retention grid, e.g. {@code 1x1h(keep=all) | 24x1h | 14x1d | 12x30d}: adjacent
 * intervals laid from "now" into the past, each a bucket holding at most {@code keep}
 * snapshots (default 1, or {@code all}). A snapshot whose age lies in [start, end) of a bucket
 * falls into it (on an edge: the older bucket); each bucket keeps its {@code keep} oldest; a
 * snapshot older than the last bucket is not kept. zrepl aligns the first bucket to the youngest
 * snapshot; here it is aligned to the run's "now", which the caller chooses (the wall clock or
 * the newest snapshot, the latter giving zrepl's behaviour). A snapshot newer than "now" (a
 * clock ahead on the source) is kept.
 */
final class GridRule implements RetentionRule {
    static final Map<String, Long> UNITS = Map.of("s", 1L, "m", 60L, "h", 3600L, "d", 86_400L, "w", 604_800L);
    private static final String UNIT_HELP = "s, m (minutes), h, d, w";
    private static final int ALL = Integer.MAX_VALUE;

    private final String text;
    private final List<long[]> buckets; // {start, end, keep} in seconds of age
    private final String[] reasons; // per bucket, made once: a report names the rule for a million snapshots
    private final String future;

    private GridRule(String text, List<long[]> buckets, List<String> labels) {
        this.text = text;
        this.buckets = buckets;
        this.reasons = new String[buckets.size()];
        for (int i = 0; i < reasons.length; i++) {
            reasons[i] = String.format("grid %s, bucket %d (age %ds-%ds)", labels.get(i), i + 1, buckets.get(i)[0],
                    buckets.get(i)[1]);
        }
        this.future = text + " (newer than now)";
    }

    /** grid := interval ('|' interval)*; interval := N 'x' DURATION ['(' 'keep=' (N|'all') ')'] */
    static GridRule parse(String spec, int start, int end) {
        Cursor cursor = new Cursor(spec, start, end);
        List<long[]> buckets = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        long age = 0;
        do {
            int from = cursor.position();
            long repeat = cursor.number("the repeat count before 'x'", 100_000);
            cursor.expect('x', "between the repeat count and the duration (as in 24x1h)");
            long length = cursor.number("the interval length", 1_000_000) * cursor.unit(UNITS, UNIT_HELP);
            long keep = 1;
            if (cursor.peek('(')) {
                cursor.advance(1);
                if (!cursor.word().startsWith("keep=")) {
                    throw cursor.error("expected 'keep=' inside the parentheses, found %s", cursor.found());
                }
                cursor.advance(5);
                if (cursor.word().equals("all")) {
                    cursor.advance(3);
                    keep = ALL;
                } else {
                    keep = cursor.number("keep=N", 1_000_000);
                }
                cursor.expect(')', "after keep=");
            }
            String label = spec.substring(from, cursor.position()).strip();
            for (long i = 0; i < repeat; i++) {
                buckets.add(new long[] {age, age + length, keep});
                labels.add(label);
                age += length;
            }
            if (!cursor.atEnd() && !cursor.peek('|')) {
                throw cursor.error("expected '|' between intervals, found %s", cursor.found());
            }
        } while (cursor.peek('|') && advance(cursor));
        return new GridRule("grid: " + spec.substring(start, end).strip(), buckets, labels);
    }

    private static boolean advance(Cursor cursor) {
        cursor.advance(1);
        if (cursor.atEnd()) {
            throw cursor.error("an interval must follow '|'");
        }
        return true;
    }

    @Override
    public String[] keep(List<String> names, long[] times, long now) {
        String[] kept = new String[times.length];
        // oldest first: walk the buckets from the oldest end so that each keeps its oldest snapshots
        int bucket = buckets.size() - 1;
        int inBucket = 0;
        for (int i = 0; i < times.length; i++) {
            long age = now - times[i];
            if (age < 0) {
                kept[i] = future;
                continue;
            }
            while (bucket >= 0 && age < buckets.get(bucket)[0]) {
                bucket--;
                inBucket = 0;
            }
            if (bucket < 0 || age >= buckets.get(bucket)[1]) {
                continue; // older than the grid, or in no bucket yet (ages only fall as i grows)
            }
            if (inBucket < buckets.get(bucket)[2]) {
                inBucket++;
                kept[i] = reasons[bucket];
            }
        }
        return kept;
    }

    @Override
    public String text() {
        return text;
    }
}
