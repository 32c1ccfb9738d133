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
    private static final List<String> KINDS = List.of("grid", "last", "regex", "not-regex", "thin");

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
            String kind = colon < 0 || colon > lineEnd ? null : spec.substring(position, colon).strip();
            if (kind == null || !KINDS.contains(kind)) {
                int at = position + leadingSpaces(spec, position);
                if (at >= Math.min(lineEnd, indexOrEnd(spec, ';', position))) {
                    position = Math.min(lineEnd, indexOrEnd(spec, ';', position)) + 1;
                    continue; // an empty rule between separators
                }
                throw new RetentionSyntaxException(spec, at, "expected a rule kind (%s) and ':' , found '%s'",
                        String.join(", ", KINDS), kind == null ? spec.substring(at, Math.min(lineEnd, at + 20)).strip()
                                : kind);
            }
            boolean toLineEnd = kind.endsWith("regex");
            int end = toLineEnd ? lineEnd : Math.min(lineEnd, indexOrEnd(spec, ';', colon));
            rules.add(switch (kind) {
                case "grid" -> GridRule.parse(spec, colon + 1, end);
                case "last" -> SimpleRules.LastRule.parse(spec, colon + 1, end);
                case "regex" -> SimpleRules.RegexRule.parse(spec, colon + 1, end, false);
                case "not-regex" -> SimpleRules.RegexRule.parse(spec, colon + 1, end, true);
                default -> ThinRule.parse(spec, colon + 1, end);
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
        Integer[] order = new Integer[names.size()];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.<Integer, Instant>comparing(times::get).thenComparing(names::get));
        List<String> sortedNames = Arrays.stream(order).map(names::get).toList();
        List<Instant> sortedTimes = Arrays.stream(order).map(times::get).toList();
        String[] kept = new String[names.size()];
        for (RetentionRule rule : rules) {
            String[] reasons = rule.keep(sortedNames, sortedTimes, now);
            for (int i = 0; i < reasons.length; i++) {
                if (kept[order[i]] == null && reasons[i] != null) {
                    kept[order[i]] = reasons[i];
                }
            }
        }
        return kept;
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
