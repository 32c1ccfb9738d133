package io.jenkins.plugins.zfsreplication.plan;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
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

    /** The time in a name of this naming, or null when the name is not of it. */
    public Instant timestampOf(String shortName) {
        if (shortName.length() != prefix.length() + 1 + STAMP_LENGTH || !shortName.startsWith(prefix)
                || shortName.charAt(prefix.length()) != '-') {
            return null;
        }
        String stamp = shortName.substring(prefix.length() + 1);
        try {
            LocalDateTime time = LocalDateTime.parse(stamp, STAMP);
            // exact round trip: no lenient days such as 20260230, no other spellings
            return STAMP.format(time).equals(stamp) ? time.toInstant(ZoneOffset.UTC) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
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
