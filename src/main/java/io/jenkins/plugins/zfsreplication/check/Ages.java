package io.jenkins.plugins.zfsreplication.check;

import java.util.Map;

/**
 * Ages as users write them and as the check prints them: whole numbers with a unit, summed, as in
 * {@code 26h}, {@code 1d2h}, {@code 90m} (units s, m, h, d, w).
 */
public final class Ages {
    private static final Map<Character, Long> UNITS = Map.of('s', 1L, 'm', 60L, 'h', 3600L, 'd', 86_400L, 'w', 604_800L);
    /** 100 years: larger ages are typing errors, and their seconds still fit comfortably. */
    private static final long MAX_SECONDS = 100L * 366 * 86_400;

    private Ages() {
    }

    /** Seconds in {@code text}; throws naming the text and what is wrong with it. */
    public static long parseSeconds(String text) {
        if (text == null || text.isEmpty()) {
            throw new CheckException("Missing age: write for example 26h, 1d2h or 90m (units s, m, h, d, w)");
        }
        long total = 0;
        int i = 0;
        while (i < text.length()) {
            int start = i;
            while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
                i++;
            }
            if (i == start || i - start > 9) {
                throw bad(text, i == start ? "expected a number at position " + (start + 1) : "the number is too large");
            }
            if (i == text.length()) {
                throw bad(text, "a unit is missing after " + text.substring(start));
            }
            Long unit = UNITS.get(text.charAt(i));
            if (unit == null) {
                throw bad(text, "unknown unit '" + text.charAt(i) + "' at position " + (i + 1));
            }
            total += Long.parseLong(text.substring(start, i)) * unit;
            i++;
            if (total > MAX_SECONDS) {
                throw bad(text, "more than 100 years");
            }
        }
        return total;
    }

    /** A short human form: {@code 2d3h}, {@code 5h12m}, {@code 40s}; the sign kept for clocks ahead. */
    public static String format(long seconds) {
        if (seconds < 0) {
            return "-" + format(-seconds);
        }
        long days = seconds / 86_400;
        long hours = seconds % 86_400 / 3600;
        long minutes = seconds % 3600 / 60;
        if (days > 0) {
            return days + "d" + (hours > 0 ? hours + "h" : "");
        }
        if (hours > 0) {
            return hours + "h" + (minutes > 0 ? minutes + "m" : "");
        }
        return minutes > 0 ? minutes + "m" : seconds + "s";
    }

    private static CheckException bad(String text, String problem) {
        return new CheckException("Invalid age '%s': %s; write for example 26h, 1d2h or 90m (units s, m, h, d, w)",
                text, problem);
    }
}
