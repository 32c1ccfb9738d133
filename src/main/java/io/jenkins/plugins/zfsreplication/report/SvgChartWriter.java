package io.jenkins.plugins.zfsreplication.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * Renders a {@link TimeSeriesChart} as a self-contained SVG that opens in any browser: axes with
 * round tick values, one coloured polyline per series, shaded stretches, and a legend. Output is
 * deterministic for the same chart.
 */
public final class SvgChartWriter {
    private static final int WIDTH = 800;
    private static final int HEIGHT = 400;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 40;
    private static final int BOTTOM = 70;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"};
    private static final String[] SHADES = {"#c7c7c7", "#ffe08a", "#b6e3b6", "#f4b6c2"};

    private SvgChartWriter() {
    }

    public static String render(TimeSeriesChart chart) {
        Axis x = new Axis(0, chart.series().stream().flatMap(s -> stream(s.xs())).max(Double::compare).orElse(1.0));
        for (TimeSeriesChart.Stretch stretch : chart.stretches()) {
            x = new Axis(0, Math.max(x.max, stretch.to()));
        }
        Axis y = new Axis(0, chart.series().stream().flatMap(s -> stream(s.ys())).max(Double::compare).orElse(1.0));
        StringBuilder svg = new StringBuilder(4096);
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        text(svg, WIDTH / 2.0, 22, "middle", 15, chart.title());
        List<String> stretchLabels = new ArrayList<>(new LinkedHashSet<>(chart.stretches().stream()
                .map(TimeSeriesChart.Stretch::label).toList()));
        for (TimeSeriesChart.Stretch stretch : chart.stretches()) {
            double from = px(x, stretch.from());
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\""
                    + " fill-opacity=\"0.6\"><title>%s</title></rect>%n", from, TOP, Math.max(0.5, px(x, stretch.to()) - from),
                    plotHeight(), SHADES[stretchLabels.indexOf(stretch.label()) % SHADES.length], escape(stretch.label())));
        }
        axes(svg, x, y, chart);
        int index = 0;
        for (TimeSeriesChart.Series series : chart.series()) {
            polyline(svg, x, y, series, COLOURS[index++ % COLOURS.length]);
        }
        legend(svg, chart, stretchLabels);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static java.util.stream.Stream<Double> stream(double[] values) {
        return java.util.Arrays.stream(values).boxed();
    }

    private static int plotWidth() {
        return WIDTH - LEFT - RIGHT;
    }

    private static int plotHeight() {
        return HEIGHT - TOP - BOTTOM;
    }

    private static double px(Axis axis, double value) {
        return LEFT + (value - axis.min) / (axis.max - axis.min) * plotWidth();
    }

    private static double py(Axis axis, double value) {
        return TOP + plotHeight() - (value - axis.min) / (axis.max - axis.min) * plotHeight();
    }

    private static void axes(StringBuilder svg, Axis x, Axis y, TimeSeriesChart chart) {
        for (double tick = x.min; tick <= x.max + x.step / 1000; tick += x.step) {
            double at = px(x, tick);
            line(svg, at, TOP + plotHeight(), at, TOP + plotHeight() + 5, "#333");
            text(svg, at, TOP + plotHeight() + 18, "middle", 11, number(tick));
        }
        for (double tick = y.min; tick <= y.max + y.step / 1000; tick += y.step) {
            double at = py(y, tick);
            line(svg, LEFT, at, LEFT + plotWidth(), at, "#e0e0e0");
            text(svg, LEFT - 6, at + 4, "end", 11, number(tick));
        }
        line(svg, LEFT, TOP, LEFT, TOP + plotHeight(), "#333");
        line(svg, LEFT, TOP + plotHeight(), LEFT + plotWidth(), TOP + plotHeight(), "#333");
        text(svg, LEFT + plotWidth() / 2.0, TOP + plotHeight() + 36, "middle", 12, chart.xLabel());
        svg.append(String.format(Locale.ROOT, "<text x=\"16\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 16 %.1f)\">%s</text>%n",
                TOP + plotHeight() / 2.0, TOP + plotHeight() / 2.0, escape(chart.yLabel())));
    }

    private static void polyline(StringBuilder svg, Axis x, Axis y, TimeSeriesChart.Series series, String colour) {
        double[] xs = series.xs();
        double[] ys = series.ys();
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px(x, xs[i]), py(y, ys[i])));
        }
        svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"%s\"><title>%s</title></polyline>%n",
                colour, points.toString().trim(), escape(series.name())));
    }

    private static void legend(StringBuilder svg, TimeSeriesChart chart, List<String> stretchLabels) {
        double at = LEFT;
        double row = HEIGHT - 14;
        int index = 0;
        for (TimeSeriesChart.Series series : chart.series()) {
            line(svg, at, row - 4, at + 20, row - 4, COLOURS[index++ % COLOURS.length]);
            text(svg, at + 24, row, "start", 11, series.name());
            at += 34 + 7 * series.name().length();
        }
        index = 0;
        for (String label : stretchLabels) {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"%s\"/>%n",
                    at, row - 9, SHADES[index++ % SHADES.length]));
            text(svg, at + 18, row, "start", 11, label);
            at += 28 + 7 * label.length();
        }
    }

    private static void line(StringBuilder svg, double x1, double y1, double x2, double y2, String colour) {
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n",
                x1, y1, x2, y2, colour));
    }

    private static void text(StringBuilder svg, double x, double y, String anchor, int size, String content) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>%n",
                x, y, anchor, size, escape(content)));
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.0f", value)
                : String.format(Locale.ROOT, "%.2g", value);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** An axis from min to a round max with about five round steps (1, 2 or 5 times a power of ten). */
    private static final class Axis {
        final double min;
        final double max;
        final double step;

        Axis(double min, double dataMax) {
            double span = dataMax > min ? dataMax - min : 1;
            double raw = span / 5;
            double power = Math.pow(10, Math.floor(Math.log10(raw)));
            double[] factors = {1, 2, 5, 10};
            double chosen = 10 * power;
            for (double factor : factors) {
                if (factor * power >= raw) {
                    chosen = factor * power;
                    break;
                }
            }
            this.min = min;
            this.step = chosen;
            this.max = min + Math.ceil(span / chosen) * chosen;
        }
    }
}
