package io.jenkins.plugins.zfsreplication.steps.views;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The job page's trend: one {@link TrendPoint} per recent build that ran a zfs step, oldest first,
 * and the JSON model the chart script draws. Knows nothing of Jenkins: the job action hands it the
 * newest build and how to step back, so the walk is tested offline with plain objects.
 */
public final class ZfsReplicationTrend {
    /** Builds looked at, newest first: bounds what one job page view loads from disk. */
    public static final int MAX_BUILDS = 30;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final List<TrendPoint> points;

    public ZfsReplicationTrend(List<TrendPoint> points) {
        for (int i = 1; i < points.size(); i++) {
            if (points.get(i).build() <= points.get(i - 1).build()) {
                throw new IllegalArgumentException("trend points must be in ascending build order, but build "
                        + points.get(i).build() + " follows build " + points.get(i - 1).build());
            }
        }
        this.points = List.copyOf(points);
    }

    /** How the trend walks a job's builds; {@code B} is Jenkins' Run in the plugin. */
    public interface Builds<B> {
        /** The build before this one, or null at the first. */
        B previous(B build);

        int number(B build);

        /** The build's zfs records, or null when it ran no zfs step or is still running. */
        ZfsReplicationAction action(B build);
    }

    /**
     * Looks at up to {@code limit} builds from {@code newest} backwards and keeps those with zfs
     * records; builds without them are skipped (they still count towards the limit).
     */
    public static <B> ZfsReplicationTrend collect(B newest, Builds<B> builds, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("the trend needs to look at one build at least, not " + limit);
        }
        List<TrendPoint> newestFirst = new ArrayList<>();
        B build = newest;
        for (int seen = 0; build != null && seen < limit; seen++, build = builds.previous(build)) {
            ZfsReplicationAction action = builds.action(build);
            if (action != null) {
                newestFirst.add(TrendPoint.of(builds.number(build), action));
            }
        }
        Collections.reverse(newestFirst);
        return new ZfsReplicationTrend(newestFirst);
    }

    public List<TrendPoint> getPoints() {
        return points;
    }

    public boolean isEmpty() {
        return points.isEmpty();
    }

    /**
     * The chart's model: {@code format} 1, then one array per series, index i being the i-th
     * build (oldest first). Throughput in bytes per second, rounded to whole bytes; coverage in per
     * cent and its age in seconds, null for a build without zfsCoverage.
     */
    public Map<String, Object> toModel() {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("format", 1);
        model.put("builds", series(TrendPoint::build));
        model.put("bytesSent", series(p -> p.transfers().bytesSent()));
        model.put("throughput", series(p -> Math.round(p.throughput())));
        model.put("snapshotsPruned", series(p -> p.prunes().destroyed()));
        model.put("snapshotsKept", series(p -> p.prunes().kept()));
        model.put("verdicts", series(p -> p.verifies().verdict().name()));
        model.put("differences", series(p -> p.verifies().differences()));
        model.put("datasets", series(p -> p.transfers().datasets()));
        model.put("stepsSkipped", series(p -> p.transfers().stepsSkipped()));
        model.put("stepsFailed", series(p -> p.transfers().stepsFailed()));
        // null where a build ran no zfsCoverage: the chart's line has a gap there
        model.put("coverage", series(p -> p.coverage().percent() < 0 ? null : p.coverage().percent()));
        model.put("coverageAge", series(p -> p.coverage().ageSeconds() < 0 ? null : p.coverage().ageSeconds()));
        return model;
    }

    /** {@link #toModel()} as compact JSON, for the chart element's data-model attribute. */
    public String toJson() {
        try {
            return MAPPER.writeValueAsString(toModel());
        } catch (JsonProcessingException e) {
            // numbers, strings and lists only: Jackson cannot fail on them
            throw new IllegalStateException("cannot write the trend model as JSON", e);
        }
    }

    private List<Object> series(Function<TrendPoint, Object> value) {
        return points.stream().map(value).toList();
    }
}
