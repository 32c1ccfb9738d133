package io.jenkins.plugins.zfsreplication.plan;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * This project's snapshot names: {@code <prefix>-yyyyMMdd'T'HHmmss'Z'} in UTC, for example
 * {@code zr-20261129T000000Z}, parsed back exactly (a name that does not print back the same is
 * not ours). Only snapshots of this naming, or of the optional user pattern, are ever candidates
 * for retention; every other snapshot is left alone.
 *
 * @param userPattern further snapshot names (full match) that count as candidates; null for none
 */
public record SnapshotNaming(String prefix, Pattern userPattern) {
    public static final String DEFAULT_PREFIX = "zr";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");
    private static final int STAMP_LENGTH = "yyyyMMddTHHmmssZ".length();

    public SnapshotNaming {
        Objects.requireNonNull(prefix, "prefix");
        try {
            DatasetName.of("p").snapshot(prefix + "-20000101T000000Z");
        } catch (ZfsException e) {
            throw new PlanException("Invalid snapshot prefix '%s': %s", prefix, e.getMessage());
        }
    }

    public static SnapshotNaming of(String prefix) {
        return new SnapshotNaming(prefix, null);
    }

    /** Compiles the user pattern with a message naming it when it is not a regular expression. */
    public static SnapshotNaming of(String prefix, String userPattern) {
        if (userPattern == null || userPattern.isEmpty()) {
            return of(prefix);
        }
        try {
            return new SnapshotNaming(prefix, Pattern.compile(userPattern));
        } catch (PatternSyntaxException e) {
            throw new PlanException("Invalid snapshot pattern '%s': %s", userPattern, e.getDescription());
        }
    }

    /** The short name (after '@') of a snapshot taken at {@code time}, to the second. */
    public String name(Instant time) {
        return prefix + "-" + STAMP.format(LocalDateTime.ofInstant(time.truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC));
    }

    /**
     * The time in a name of this naming, or null when the name is not of it. Read digit by digit
     * (planning asks this for every snapshot, a million of them in the benchmark), then checked
     * as a real date: an exact round trip, no lenient days such as 20260230.
     */
    public Instant timestampOf(String shortName) {
        int start = prefix.length() + 1;
        if (shortName.length() != start + STAMP_LENGTH || !shortName.startsWith(prefix)
                || shortName.charAt(prefix.length()) != '-' || shortName.charAt(start + 8) != 'T'
                || shortName.charAt(start + 15) != 'Z') {
            return null;
        }
        int year = digits(shortName, start, 4);
        int month = digits(shortName, start + 4, 2);
        int day = digits(shortName, start + 6, 2);
        int hour = digits(shortName, start + 9, 2);
        int minute = digits(shortName, start + 11, 2);
        int second = digits(shortName, start + 13, 2);
        if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59
                || second < 0 || second > 59 || day > daysIn(year, month)) {
            return null;
        }
        return Instant.ofEpochSecond(epochDay(year, month, day) * 86_400 + hour * 3600L + minute * 60L + second);
    }

    /** Days before each month in a year that is not a leap year. */
    private static final int[] DAYS_BEFORE = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365};

    private static boolean isLeap(int year) {
        return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    private static int daysIn(int year, int month) {
        return DAYS_BEFORE[month] - DAYS_BEFORE[month - 1] + (month == 2 && isLeap(year) ? 1 : 0);
    }

    /**
     * Days from 1970-01-01 (proleptic Gregorian, as java.time counts them), by arithmetic: a
     * million names a run, and LocalDate's checks cost more than the count (a test compares both).
     */
    static long epochDay(int year, int month, int day) {
        long before = year - 1L;
        // leap days in the years 1 .. year-1, minus those in 1 .. 1969 (477)
        long leapDays = Math.floorDiv(before, 4) - Math.floorDiv(before, 100) + Math.floorDiv(before, 400) - 477;
        long days = 365 * (year - 1970L) + leapDays + DAYS_BEFORE[month - 1] + (month > 2 && isLeap(year) ? 1 : 0);
        return days + day - 1;
    }

    /** The decimal number of {@code count} digits at {@code from}, or -1 when one is not a digit. */
    private static int digits(String text, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    /** True when retention may destroy this snapshot: of this naming or of the user pattern. */
    public boolean isCandidate(String shortName) {
        return timestampOf(shortName) != null || (userPattern != null && userPattern.matcher(shortName).matches());
    }

    /** The moment a snapshot counts as taken: the time in its name, else its creation property. */
    public Instant timeOf(ZfsObject snapshot) {
        Instant stamp = timestampOf(snapshot.shortName());
        return stamp != null ? stamp : Instant.ofEpochSecond(snapshot.creation());
    }
}
