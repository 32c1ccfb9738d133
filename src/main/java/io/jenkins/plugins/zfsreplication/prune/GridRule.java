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
    /** Intervals per grid: each snapshot is placed by a walk over them, so their number is bounded. */
    static final int MAX_INTERVALS = 1000;
    /** The oldest age a grid may reach: beyond it no clock or snapshot means anything (and ages stay far from overflow). */
    static final long MAX_SPAN_SECONDS = 1000L * 31_557_600L;

    private final String text;
    // The intervals as written, never expanded into their buckets: twenty '100000x1s' are two
    // million buckets, which as objects took gigabytes, and the same parser checks a form on the
    // Jenkins controller. A snapshot's bucket is computed from its age.
    private final List<Interval> intervals;
    private final String future;

    /** {@code repeat} adjacent buckets of {@code length} seconds from age {@code start}; bucket numbers from {@code first}. */
    private record Interval(String label, long start, long length, long repeat, long keep, long first) {
        long end() {
            return start + length * repeat;
        }
    }

    private GridRule(String text, List<Interval> intervals) {
        this.text = text;
        this.intervals = List.copyOf(intervals);
        this.future = text + " (newer than now)";
    }

    /** grid := interval ('|' interval)*; interval := N 'x' DURATION ['(' 'keep=' (N|'all') ')'] */
    static GridRule parse(String spec, int start, int end) {
        Cursor cursor = new Cursor(spec, start, end);
        List<Interval> intervals = new ArrayList<>();
        long age = 0;
        long buckets = 0;
        do {
            int from = cursor.position();
            if (intervals.size() == MAX_INTERVALS) {
                throw cursor.error("a grid has at most %d intervals", MAX_INTERVALS);
            }
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
            // both factors are bounded above (1e5, 1e6 weeks): the product fits a long, the sum is checked
            if (length * repeat > MAX_SPAN_SECONDS - age) {
                throw new RetentionSyntaxException(spec, from + leadingSpaces(spec, from),
                        "the grid reaches back more than 1000 years at '%s'", label);
            }
            intervals.add(new Interval(label, age, length, repeat, keep, buckets));
            age += length * repeat;
            buckets += repeat;
            if (!cursor.atEnd() && !cursor.peek('|')) {
                throw cursor.error("expected '|' between intervals, found %s", cursor.found());
            }
        } while (cursor.peek('|') && advance(cursor));
        return new GridRule("grid: " + spec.substring(start, end).strip(), intervals);
    }

    private static int leadingSpaces(String text, int from) {
        int count = 0;
        while (from + count < text.length() && text.charAt(from + count) == ' ') {
            count++;
        }
        return count;
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
        // oldest first: ages only fall, so the interval (and the bucket) only moves towards the youngest
        int interval = intervals.size() - 1;
        long bucket = -1;
        long inBucket = 0;
        String reason = null; // the current bucket's, made once per bucket (a report may name it a million times)
        for (int i = 0; i < times.length; i++) {
            long age = now - times[i];
            if (age < 0) {
                kept[i] = future;
                continue;
            }
            while (interval >= 0 && age < intervals.get(interval).start()) {
                interval--;
            }
            if (interval < 0 || age >= intervals.get(interval).end()) {
                continue; // older than the grid
            }
            Interval in = intervals.get(interval);
            long index = (age - in.start()) / in.length();
            if (in.first() + index != bucket) {
                bucket = in.first() + index;
                inBucket = 0;
                reason = null;
            }
            if (inBucket < in.keep()) {
                inBucket++;
                if (reason == null) {
                    long from = in.start() + index * in.length();
                    reason = String.format("grid %s, bucket %d (age %ds-%ds)", in.label(), bucket + 1, from,
                            from + in.length());
                }
                kept[i] = reason;
            }
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
