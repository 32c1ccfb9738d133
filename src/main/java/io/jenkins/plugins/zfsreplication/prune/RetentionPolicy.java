package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A set of retention rules for one side (source or target), one engine for every grammar. A
 * snapshot is kept when any rule keeps it; the report names the first rule that did. Rules are
 * separated by ';' or new lines, each {@code kind: body}:
 * <ul>
 * <li>{@code grid: 1x1h(keep=all) | 24x1h | 14x1d | 12x30d} (zrepl's grid, {@link GridRule})</li>
 * <li>{@code last: 10} (keep the 10 youngest)</li>
 * <li>{@code regex: ^manual-} and {@code not-regex: ^zr-} (keep by name; runs to the end of the
 *     line, so a regular expression may hold ';')</li>
 * <li>{@code thin: 10,1d1w,1w1m,1m1y} (zfs_autobackup's thinning schedule, {@link ThinRule})</li>
 * </ul>
 * Only candidates are ever judged (this project's naming or the user pattern); the caller filters.
 */
public final class RetentionPolicy {
    /** The kinds of rule, by the name a spec gives them before its ':'. */
    private enum Kind {
        GRID("grid"), LAST("last"), REGEX("regex"), NOT_REGEX("not-regex"), THIN("thin");

        private final String spelled;

        Kind(String spelled) {
            this.spelled = spelled;
        }

        /** The kind spelled so, or null. */
        static Kind named(String name) {
            for (Kind kind : values()) {
                if (kind.spelled.equals(name)) {
                    return kind;
                }
            }
            return null;
        }

        /** A regex rule runs to the end of its line: a ';' may be part of the expression. */
        boolean toLineEnd() {
            return this == REGEX || this == NOT_REGEX;
        }
    }

    private static final List<String> KINDS = java.util.Arrays.stream(Kind.values()).map(k -> k.spelled).toList();
    /** Rules per side: each one walks every candidate of every dataset. */
    static final int MAX_RULES = 100;

    private final String spec;
    private final List<RetentionRule> rules;

    private RetentionPolicy(String spec, List<RetentionRule> rules) {
        this.spec = spec;
        this.rules = List.copyOf(rules);
    }

    /** @throws RetentionSyntaxException pointing at the bad token */
    public static RetentionPolicy parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new RetentionSyntaxException(spec == null ? "" : spec, 0,
                    "no rule given; write for example 'grid: 1x1h(keep=all) | 24x1h | 14x1d' or 'last: 10'");
        }
        List<RetentionRule> rules = new ArrayList<>();
        int position = 0;
        while (position < spec.length()) {
            int lineEnd = indexOrEnd(spec, '\n', position);
            int colon = spec.indexOf(':', position);
            String named = colon < 0 || colon > lineEnd ? null : spec.substring(position, colon).strip();
            Kind kind = Kind.named(named);
            if (kind == null) {
                int at = position + leadingSpaces(spec, position);
                if (at >= Math.min(lineEnd, indexOrEnd(spec, ';', position))) {
                    position = Math.min(lineEnd, indexOrEnd(spec, ';', position)) + 1;
                    continue; // an empty rule between separators
                }
                throw new RetentionSyntaxException(spec, at, "expected a rule kind (%s) and ':' , found '%s'",
                        String.join(", ", KINDS), named == null ? spec.substring(at, Math.min(lineEnd, at + 20)).strip()
                                : named);
            }
            if (rules.size() == MAX_RULES) {
                throw new RetentionSyntaxException(spec, position + leadingSpaces(spec, position),
                        "at most %d rules per side; each judges every snapshot", MAX_RULES);
            }
            int end = kind.toLineEnd() ? lineEnd : Math.min(lineEnd, indexOrEnd(spec, ';', colon));
            rules.add(switch (kind) {
                case GRID -> GridRule.parse(spec, colon + 1, end);
                case LAST -> SimpleRules.LastRule.parse(spec, colon + 1, end);
                case REGEX -> SimpleRules.RegexRule.parse(spec, colon + 1, end, false);
                case NOT_REGEX -> SimpleRules.RegexRule.parse(spec, colon + 1, end, true);
                case THIN -> ThinRule.parse(spec, colon + 1, end);
            });
            position = end + 1;
        }
        if (rules.isEmpty()) {
            throw new RetentionSyntaxException(spec, 0, "no rule given");
        }
        return new RetentionPolicy(spec, rules);
    }

    /**
     * Decides for every candidate. The result does not depend on the order of the input: the
     * candidates are judged oldest first by (time, name).
     *
     * @return per candidate, in input order, the rule that keeps it, or null: destroy
     */
    public String[] evaluate(List<String> names, List<Instant> times, Instant now) {
        return evaluate(names, times.stream().mapToLong(Instant::getEpochSecond).toArray(), now.getEpochSecond());
    }

    /** The same with times in seconds since the epoch: what planning uses for a million snapshots. */
    public String[] evaluate(List<String> names, long[] times, long now) {
        int[] order = order(names, times);
        List<String> sortedNames = names;
        long[] sortedTimes = times;
        if (order != null) {
            sortedNames = new ArrayList<>(names.size());
            sortedTimes = new long[times.length];
            for (int i = 0; i < order.length; i++) {
                sortedNames.add(names.get(order[i]));
                sortedTimes[i] = times[order[i]];
            }
        }
        String[] kept = new String[names.size()];
        for (RetentionRule rule : rules) {
            String[] reasons = rule.keep(sortedNames, sortedTimes, now);
            for (int i = 0; i < reasons.length; i++) {
                int index = order == null ? i : order[i];
                if (kept[index] == null && reasons[i] != null) {
                    kept[index] = reasons[i];
                }
            }
        }
        return kept;
    }

    /** The permutation that sorts by (time, name), or null when the input is in that order already (the usual case). */
    private static int[] order(List<String> names, long[] times) {
        boolean sorted = true;
        for (int i = 1; i < names.size() && sorted; i++) {
            sorted = times[i - 1] < times[i] || (times[i - 1] == times[i] && names.get(i - 1).compareTo(names.get(i)) <= 0);
        }
        if (sorted) {
            return null;
        }
        Integer[] order = new Integer[names.size()];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.<Integer>comparingLong(i -> times[i]).thenComparing(names::get));
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    /** Whether any rule keeps by age from "now" (grid, thin): see {@link ClockWitness}. */
    public boolean countsAge() {
        return rules.stream().anyMatch(RetentionRule::countsAge);
    }

    /** The rules as given. */
    public String spec() {
        return spec;
    }

    /** The rules as parsed, one per line. */
    public String describe() {
        return rules.stream().map(RetentionRule::text).collect(Collectors.joining("\n"));
    }

    private static int indexOrEnd(String text, char c, int from) {
        int index = text.indexOf(c, from);
        return index < 0 ? text.length() : index;
    }

    private static int leadingSpaces(String text, int from) {
        int count = 0;
        while (from + count < text.length() && Character.isWhitespace(text.charAt(from + count))
                && text.charAt(from + count) != '\n') {
            count++;
        }
        return count;
    }
}
