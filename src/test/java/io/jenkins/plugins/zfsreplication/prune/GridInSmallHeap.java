package io.jenkins.plugins.zfsreplication.prune;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses the grid {@code args[0]} and judges {@code args[1]} snapshots taken {@code args[2]}
 * seconds apart, the youngest at "now", plus one older than {@code args[3]} seconds; prints how
 * many were kept and the reason for the oldest kept. Run in a JVM of its own with a small heap.
 */
public final class GridInSmallHeap {
    private GridInSmallHeap() {
    }

    public static void main(String[] args) {
        RetentionPolicy policy = RetentionPolicy.parse(args[0]);
        int count = Integer.parseInt(args[1]);
        long step = Long.parseLong(args[2]);
        long now = 2_000_000_000L;
        List<String> names = new ArrayList<>();
        long[] times = new long[count + 1];
        times[0] = now - Long.parseLong(args[3]);
        names.add("beyond");
        for (int i = 1; i <= count; i++) {
            times[i] = now - (count - i) * step;
            names.add("s" + i);
        }
        String[] kept = policy.evaluate(names, times, now);
        long keptCount = java.util.Arrays.stream(kept).filter(java.util.Objects::nonNull).count();
        System.out.println("kept " + keptCount + " of " + kept.length + "; beyond: " + kept[0] + "; oldest: " + kept[1]);
    }
}
