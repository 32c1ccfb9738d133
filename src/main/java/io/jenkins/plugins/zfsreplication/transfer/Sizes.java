package io.jenkins.plugins.zfsreplication.transfer;

import java.util.Locale;

/** Byte counts and durations for people: binary units (1 MiB = 1048576 bytes). */
public final class Sizes {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

    private Sizes() {
    }

    public static String bytes(double bytes) {
        int unit = 0;
        double value = bytes;
        while (value >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? String.format(Locale.ROOT, "%.0f B", value) : String.format(Locale.ROOT, "%.1f %s", value, UNITS[unit]);
    }

    static String duration(double seconds) {
        long s = Math.max(0, Math.round(seconds));
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
