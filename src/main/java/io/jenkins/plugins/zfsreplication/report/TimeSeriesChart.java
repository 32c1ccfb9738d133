package io.jenkins.plugins.zfsreplication.report;

import java.util.List;

/**
 * A line chart over time: several named series sharing one x axis (seconds) and one y axis, plus
 * shaded stretches of the x axis (e.g. "hole" stretches of a verify run, or a stalled transfer).
 */
public record TimeSeriesChart(String title, String xLabel, String yLabel, List<Series> series, List<Stretch> stretches) {
    /** One line; {@code xs} and {@code ys} have the same length, xs ascending. */
    public record Series(String name, double[] xs, double[] ys) {
        public Series {
            if (name == null || xs == null || ys == null || xs.length != ys.length) {
                throw new IllegalArgumentException("series needs a name and as many x values as y values");
            }
            xs = xs.clone();
            ys = ys.clone();
            for (int i = 1; i < xs.length; i++) {
                if (xs[i] < xs[i - 1]) {
                    throw new IllegalArgumentException("x values of series " + name + " must ascend");
                }
            }
        }

        @Override
        public double[] xs() {
            return xs.clone();
        }

        @Override
        public double[] ys() {
            return ys.clone();
        }
    }

    /** A shaded part of the x axis with a legend label. */
    public record Stretch(double from, double to, String label) {
        public Stretch {
            if (to < from || label == null) {
                throw new IllegalArgumentException("stretch needs from <= to and a label");
            }
        }
    }

    public TimeSeriesChart {
        if (title == null || xLabel == null || yLabel == null) {
            throw new IllegalArgumentException("title and axis labels are required");
        }
        series = List.copyOf(series);
        stretches = List.copyOf(stretches);
    }
}
