package io.jenkins.plugins.zfsreplication.units;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as users give them and as the logs print them. One syntax everywhere (buffer, rate limit,
 * block size): a whole number of bytes, optionally followed by K, M, G or T, which are binary
 * (1M = 1048576, never 1000000); {@code KiB}, {@code MiB}, ... and {@code KB}, {@code MB}, ... are the
 * same units spelled out. Case does not matter.
 */
public final class Sizes {
    private static final Pattern SIZE = Pattern.compile("(\\d+)(?:([KMGT])(?:I?B)?)?", Pattern.CASE_INSENSITIVE);
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

    private Sizes() {
    }

    /** @throws SizeException naming the text when it is no size or more than {@link Long#MAX_VALUE} bytes */
    public static long parse(String text) {
        Matcher size = SIZE.matcher(text == null ? "" : text.strip());
        if (!size.matches()) {
            throw new SizeException(String.format(Locale.ROOT, "'%s' is not a size: give bytes or a number with K, "
                    + "M, G or T (binary: 1M = 1048576; 64M and 64MiB are the same)", text));
        }
        int shift = size.group(2) == null ? 0 : switch (size.group(2).toUpperCase(Locale.ROOT)) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            case "T" -> 40;
            // the pattern admits no other unit
            default -> throw new IllegalStateException("unit " + size.group(2));
        };
        try {
            long value = Long.parseLong(size.group(1));
            if (value > Long.MAX_VALUE >> shift) {
                throw new NumberFormatException();
            }
            return value << shift;
        } catch (NumberFormatException e) {
            throw new SizeException(String.format(Locale.ROOT, "'%s' is too large a size: at most %d bytes (8 EiB)",
                    text, Long.MAX_VALUE));
        }
    }

    /** A short form for people, e.g. {@code 1.5 GiB}. */
    public static String human(double bytes) {
        int unit = 0;
        double value = bytes;
        while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? String.format(Locale.ROOT, "%.0f B", value)
                : String.format(Locale.ROOT, "%.1f %s", value, UNITS[unit]);
    }

    /** Hours, minutes and seconds, e.g. {@code 1:02:03}. */
    public static String duration(double seconds) {
        long s = Math.max(0, Math.round(seconds));
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
