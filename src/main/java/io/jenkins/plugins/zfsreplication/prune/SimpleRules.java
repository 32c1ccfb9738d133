package io.jenkins.plugins.zfsreplication.prune;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** The two rules without time: keep the last N, keep by name. */
final class SimpleRules {
    private SimpleRules() {
    }

    /** {@code last: N}: the N youngest candidates. */
    record LastRule(String text, int count) implements RetentionRule {
        static LastRule parse(String spec, int start, int end) {
            Cursor cursor = new Cursor(spec, start, end);
            int count = (int) cursor.number("the number of snapshots to keep", 1_000_000);
            if (!cursor.atEnd()) {
                throw cursor.error("expected only a number after 'last:', found %s", cursor.found());
            }
            return new LastRule("last: " + count, count);
        }

        @Override
        public String[] keep(List<String> names, long[] times, long now) {
            String[] kept = new String[names.size()];
            for (int i = Math.max(0, names.size() - count); i < names.size(); i++) {
                kept[i] = text;
            }
            return kept;
        }
    }

    /**
     * {@code regex: RE} keeps every candidate whose name contains a match of RE (anchor with ^
     * and $ for the whole name); {@code not-regex: RE} every one whose name has none.
     */
    record RegexRule(String text, Pattern pattern, boolean negate) implements RetentionRule {
        static RegexRule parse(String spec, int start, int end, boolean negate) {
            String body = spec.substring(start, end).strip();
            int offset = start + (spec.substring(start, end).indexOf(body.isEmpty() ? " " : body.substring(0, 1)));
            if (body.isEmpty()) {
                throw new RetentionSyntaxException(spec, end, "a regular expression must follow '%s:'",
                        negate ? "not-regex" : "regex");
            }
            try {
                return new RegexRule((negate ? "not-regex: " : "regex: ") + body, Pattern.compile(body), negate);
            } catch (PatternSyntaxException e) {
                throw new RetentionSyntaxException(spec, offset + Math.max(0, e.getIndex()),
                        "invalid regular expression: %s", e.getDescription());
            }
        }

        @Override
        public String[] keep(List<String> names, long[] times, long now) {
            String[] kept = new String[names.size()];
            for (int i = 0; i < names.size(); i++) {
                if (pattern.matcher(names.get(i)).find() != negate) {
                    kept[i] = text;
                }
            }
            return kept;
        }
    }
}
