package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every grammar with fixed timestamps and the exact list it keeps, worked out by hand from the documented rules. */
class RetentionPolicyTest {
    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @Test
    void shouldKeepPerGridBucketItsOldestAndPutEdgesIntoTheOlderBucket() {
        // zrepl's example shape: 1x1h(keep=all) | 2x2h | 1x3h, i.e. buckets [0,1h) [1h,3h) [3h,5h) [5h,8h)
        Map<String, Instant> snapshots = ages(10, 20, 50, 60, 70, 100, 170, 190, 250, 310, 400, 470, 480, 600);

        List<String> kept = kept("grid: 1x1h(keep=all) | 2x2h | 1x3h", snapshots);

        // bucket 1 keeps all; 60 min is on the edge and falls into bucket 2, which keeps its oldest (170);
        // bucket 3 keeps 250, bucket 4 keeps 470; 480 and 600 are older than the grid
        assertThat(kept).containsExactly("m10", "m20", "m50", "m170", "m250", "m470");
    }

    @Test
    void shouldKeepSeveralPerBucketWithKeepN() {
        Map<String, Instant> snapshots = ages(5, 65, 70, 80, 90);

        // the second bucket [1h,2h) keeps its 3 oldest
        assertThat(kept("grid: 1x1h | 1x1h(keep=3)", snapshots)).containsExactly("m5", "m70", "m80", "m90");
    }

    @Test
    void shouldKeepTheLastN() {
        assertThat(kept("last: 3", ages(10, 20, 30, 40, 50))).containsExactly("m10", "m20", "m30");
        assertThat(kept("last: 9", ages(10, 20))).containsExactly("m10", "m20");
    }

    @Test
    void shouldKeepByRegexAndByNegatedRegex() {
        Map<String, Instant> snapshots = new LinkedHashMap<>();
        snapshots.put("manual-1", NOW.minusSeconds(100));
        snapshots.put("zr-20261129T110000Z", NOW.minusSeconds(50));
        snapshots.put("pre-upgrade", NOW.minusSeconds(10));

        assertThat(kept("regex: ^manual-", snapshots)).containsExactly("manual-1");
        assertThat(kept("not-regex: ^zr-", snapshots)).containsExactly("manual-1", "pre-upgrade");
        assertThat(kept("regex: a;b|pre", snapshots)).containsExactly("pre-upgrade");
    }

    @Test
    void shouldThinLikeZfsAutobackup() {
        // worked out from zfs_autobackup's documented rules: 1h1d keeps the oldest per clock hour
        // among those at most a day old, 1d1w the oldest per UTC day among those at most a week old,
        // 2 keeps the 2 youngest
        Map<String, Instant> snapshots = new LinkedHashMap<>();
        snapshots.put("J", Instant.parse("2026-11-20T00:00:00Z"));
        snapshots.put("H", Instant.parse("2026-11-25T05:00:00Z"));
        snapshots.put("I", Instant.parse("2026-11-25T18:00:00Z"));
        snapshots.put("F", Instant.parse("2026-11-28T01:00:00Z"));
        snapshots.put("E", Instant.parse("2026-11-28T13:00:00Z"));
        snapshots.put("G", Instant.parse("2026-11-28T20:00:00Z"));
        snapshots.put("C", Instant.parse("2026-11-29T10:05:00Z"));
        snapshots.put("D", Instant.parse("2026-11-29T10:40:00Z"));
        snapshots.put("B", Instant.parse("2026-11-29T11:10:00Z"));
        snapshots.put("A", Instant.parse("2026-11-29T11:30:00Z"));

        List<String> names = new ArrayList<>(snapshots.keySet());
        String[] reasons = RetentionPolicy.parse("thin: 2,1h1d,1d1w").evaluate(names, new ArrayList<>(snapshots.values()), NOW);

        assertThat(kept("thin: 2,1h1d,1d1w", snapshots)).containsExactly("H", "F", "E", "G", "C", "B", "A");
        assertThat(reasons[names.indexOf("A")]).isEqualTo("thin 2 (the 2 youngest)");
        assertThat(reasons[names.indexOf("H")]).isEqualTo("thin 1d1w (oldest of its block)");
        assertThat(reasons[names.indexOf("E")]).isEqualTo("thin 1h1d (oldest of its block)");
    }

    @Test
    void shouldKeepWhatAnyRuleKeepsAndNameTheFirst() {
        String[] reasons = RetentionPolicy.parse("last: 1; regex: ^m10$\ngrid: 1x15m")
                .evaluate(List.of("m10", "m20", "m5"), List.of(NOW.minusSeconds(600), NOW.minusSeconds(1200),
                        NOW.minusSeconds(300)), NOW);

        assertThat(reasons).containsExactly("regex: ^m10$", null, "last: 1");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', quoteCharacter = '"', value = {
        "grid: 1x1h | 24x1q#18#unknown unit 'q'",
        "grid: 1x1h(keep=some)#17#expected a number (keep=N), found 's'",
        "grid: 1x1h 24x1h#12#expected '|' between intervals",
        "grid: 1x#9#expected a number (the interval length), found the end of the rule",
        "grid: 0x1h#7#the repeat count before 'x' must be between 1 and 100000, not 0",
        "grid: 1x1h | 100000x1000000w#14#the grid reaches back more than 1000 years at '100000x1000000w'",
        "thin: 10,1w1d#12#the period is longer than its time to live in '1w1d'",
        "thin: 10,1d#12#expected a number (the time to live after the period (as in 1d1w)), found the end",
        "thin: 1x1d#8#unknown unit 'x'",
        "last: ten#7#expected a number (the number of snapshots to keep), found 't'",
        "grd: 1x1h#1#expected a rule kind (grid, last, regex, not-regex, thin) and ':' , found 'grd'",
        "last: 3; keep all#10#expected a rule kind",
        "regex: (unclosed#17#invalid regular expression: Unclosed group",
        "\"  \"#1#no rule given"})
    void shouldPointAtTheBadToken(String spec, int column, String message) {
        assertThatThrownBy(() -> RetentionPolicy.parse(spec)).isInstanceOfSatisfying(RetentionSyntaxException.class, e -> {
            assertThat(e.getMessage()).startsWith("Bad retention rule at column " + column + ": ").contains(message);
            assertThat(e.getColumn()).isEqualTo(column);
            assertThat(e.getMessage()).doesNotContain("\n");
            // the caret line points at that column of the quoted rule
            String[] lines = e.pointer().split("\n");
            assertThat(lines[1].indexOf('^')).isEqualTo(column - 1);
        });
    }

    /**
     * Twenty '100000x1s' intervals are two million one-second buckets. Expanded into objects they
     * took 1.6 GB, on the Jenkins controller too (its form check parses the rule): in a JVM of 32 MB
     * the rule is parsed and 10,000 snapshots are judged, each in a bucket of its own.
     */
    @Test
    void shouldJudgeAGridOfMillionsOfBucketsInASmallHeap() throws Exception {
        String grid = "grid: " + String.join(" | ", java.util.Collections.nCopies(20, "100000x1s"));
        Process jvm = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx32m", "-cp", System.getProperty("java.class.path"), GridInSmallHeap.class.getName(), grid, "10000",
                "100", "2000000").redirectErrorStream(true).start();
        String output = new String(jvm.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);

        assertThat(output).isEqualTo("kept 10000 of 10001; beyond: null; oldest: grid 100000x1s, bucket 999901 "
                + "(age 999900s-999901s)\n");
        assertThat(jvm.waitFor()).isZero();
    }

    @Test
    void shouldBoundTheIntervalsItemsAndRulesNamingWhereTheLimitIsPassed() {
        String grid = "grid: " + String.join(" | ", java.util.Collections.nCopies(1001, "1x1s"));
        assertThatThrownBy(() -> RetentionPolicy.parse(grid)).isInstanceOfSatisfying(RetentionSyntaxException.class, e -> {
            assertThat(e.getMessage()).startsWith("Bad retention rule at column " + (7 + 1000 * 7)
                    + ": a grid has at most 1000 intervals");
        });
        String thin = "thin: " + String.join(",", java.util.Collections.nCopies(1001, "1d1w"));
        assertThatThrownBy(() -> RetentionPolicy.parse(thin)).isInstanceOfSatisfying(RetentionSyntaxException.class, e -> {
            assertThat(e.getMessage()).startsWith("Bad retention rule at column " + (7 + 1000 * 5)
                    + ": a thinning schedule has at most 1000 items");
        });
        String rules = String.join("; ", java.util.Collections.nCopies(101, "last: 1"));
        assertThatThrownBy(() -> RetentionPolicy.parse(rules)).isInstanceOfSatisfying(RetentionSyntaxException.class, e -> {
            assertThat(e.getMessage()).startsWith("Bad retention rule at column " + (1 + 100 * 9)
                    + ": at most 100 rules per side; each judges every snapshot");
        });
        assertThat(RetentionPolicy.parse(String.join("; ", java.util.Collections.nCopies(100, "last: 1"))).describe())
                .hasLineCount(100);
    }

    @Test
    void shouldSayTheUnitsOfEachGrammar() {
        assertThatThrownBy(() -> RetentionPolicy.parse("grid: 1x1y")).hasMessageContaining("units are s, m (minutes), h, d, w");
        assertThatThrownBy(() -> RetentionPolicy.parse("thin: 1q1y")).hasMessageContaining(
                "units are s, min, h, d, w, m (30 days), y (365.25 days)");
    }

    /** Snapshots named m<minutes> that many minutes before NOW, oldest first. */
    private static Map<String, Instant> ages(int... minutes) {
        Map<String, Instant> snapshots = new LinkedHashMap<>();
        for (int i = minutes.length - 1; i >= 0; i--) {
            snapshots.put("m" + minutes[i], NOW.minus(Duration.ofMinutes(minutes[i])));
        }
        return snapshots;
    }

    /** The names kept, youngest first for ages(), in input order otherwise. */
    private static List<String> kept(String spec, Map<String, Instant> snapshots) {
        List<String> names = new ArrayList<>(snapshots.keySet());
        String[] reasons = RetentionPolicy.parse(spec).evaluate(names, new ArrayList<>(snapshots.values()), NOW);
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (reasons[i] != null) {
                kept.add(names.get(i));
            }
        }
        boolean byAge = names.stream().allMatch(n -> n.matches("m\\d+"));
        if (byAge) {
            kept.sort(java.util.Comparator.comparingInt(n -> Integer.parseInt(n.substring(1))));
        }
        return kept;
    }
}
