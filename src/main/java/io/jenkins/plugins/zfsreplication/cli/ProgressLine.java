package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.verify.ThroughputRecorder;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Consumer;

/** A one-line progress display on a terminal: bytes done, current rate, time left when the total is known. */
final class ProgressLine implements Consumer<ThroughputRecorder.Sample> {
    private final PrintWriter out;
    private final long total;
    private ThroughputRecorder.Sample previous;

    ProgressLine(PrintWriter out, long total) {
        this.out = out;
        this.total = total;
    }

    @Override
    public synchronized void accept(ThroughputRecorder.Sample sample) {
        double rate = 0;
        if (previous != null && sample.seconds() > previous.seconds()) {
            rate = (sample.logicalBytes() - previous.logicalBytes()) / (sample.seconds() - previous.seconds());
        }
        previous = sample;
        String left = total > 0 && rate > 0
                ? String.format(Locale.ROOT, "  %s left", duration((total - sample.logicalBytes()) / rate)) : "";
        String of = total > 0 ? " of " + Sizes.human(total) : "";
        out.printf(Locale.ROOT, "\r%s%s  %s/s%s   ", Sizes.human(sample.logicalBytes()), of, Sizes.human(rate), left);
        out.flush();
    }

    void clear() {
        out.print("\r\033[K");
        out.flush();
    }

    private static String duration(double seconds) {
        long s = Math.max(0, Math.round(seconds));
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
