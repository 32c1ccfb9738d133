package io.jenkins.plugins.zfsreplication.verify;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The outcome of a comparison: counts per kind, the first differences (at most
 * {@link #LISTED}; all of them went to the listener), and what was compared.
 */
public record CompareResult(Map<Difference.Kind, Long> counts, List<Difference> listed, long files, long chunks) {
    public static final int LISTED = 1000;

    public CompareResult {
        counts = Map.copyOf(counts);
        listed = List.copyOf(listed);
    }

    public boolean identical() {
        return total() == 0;
    }

    public long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    public long count(Difference.Kind kind) {
        return counts.getOrDefault(kind, 0L);
    }

    /** The summary line, e.g. {@code compare: 2 differences (1 missing, 0 extra, 0 size, 1 chunk) in 3 files, 40 chunks}. */
    public String summary() {
        Map<Difference.Kind, Long> all = new EnumMap<>(Difference.Kind.class);
        for (Difference.Kind kind : Difference.Kind.values()) {
            all.put(kind, count(kind));
        }
        return String.format(Locale.ROOT,
                "compare: %s (%d missing, %d extra, %d size, %d chunk, %d only-left, %d only-right) in %d files, %d chunks",
                identical() ? "identical" : total() + " difference(s)", all.get(Difference.Kind.MISSING),
                all.get(Difference.Kind.EXTRA), all.get(Difference.Kind.SIZE), all.get(Difference.Kind.CHUNK),
                all.get(Difference.Kind.ONLY_LEFT), all.get(Difference.Kind.ONLY_RIGHT), files, chunks);
    }
}
