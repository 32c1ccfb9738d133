package io.jenkins.plugins.zfsreplication.verify;

import java.util.Locale;

/** Byte sizes with binary suffixes: 1K = 1024, 1M = 1048576, 1G = 1073741824 (never 1024000). */
public final class Sizes {
    private Sizes() {
    }

    /** Parses {@code 4096}, {@code 128K}, {@code 1M}, {@code 2G} (suffix case-insensitive, optional trailing B/iB). */
    public static long parse(String text) {
        String s = text.trim().toUpperCase(Locale.ROOT);
        if (s.endsWith("IB")) {
            s = s.substring(0, s.length() - 2);
        } else if (s.endsWith("B") && s.length() > 1 && !Character.isDigit(s.charAt(s.length() - 2))) {
            s = s.substring(0, s.length() - 1);
        }
        int shift = 0;
        if (!s.isEmpty()) {
            switch (s.charAt(s.length() - 1)) {
                case 'K': shift = 10; break;
                case 'M': shift = 20; break;
                case 'G': shift = 30; break;
                case 'T': shift = 40; break;
                default: shift = -1;
            }
        }
        String digits = shift >= 0 ? s.substring(0, s.length() - 1) : s;
        try {
            long value = Long.parseLong(digits);
            if (value < 0 || (shift > 0 && value > (Long.MAX_VALUE >> shift))) {
                throw new NumberFormatException();
            }
            return value << Math.max(shift, 0);
        } catch (NumberFormatException e) {
            throw new VerifyException("'%s' is not a size: use a number of bytes with an optional K, M, G or T suffix"
                    + " (binary: 1M = 1048576)", text);
        }
    }

    /** A short human form, e.g. {@code 1.5 GiB}. */
    public static String human(double bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int unit = 0;
        double value = bytes;
        while (Math.abs(value) >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? String.format(Locale.ROOT, "%.0f B", value)
                : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
