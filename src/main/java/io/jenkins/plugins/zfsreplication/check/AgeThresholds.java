package io.jenkins.plugins.zfsreplication.check;

import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.DatasetPattern;

/**
 * The ages at which a dataset's newest common snapshot makes the check WARNING and CRITICAL. Each
 * is given as {@code AGE} (the default for every dataset) or {@code GLOB=AGE} (for the datasets the
 * {@link DatasetPattern glob} matches; the first matching pattern wins), for example
 * {@code --warn 26h --warn 'tank/db/**=2h' --crit 50h --crit 'tank/db/**=4h'}. A dataset is
 * WARNING when its age is above its warning age, CRITICAL when above its critical age (the
 * Nagios range {@code 0:AGE}).
 */
public final class AgeThresholds {
    public static final String DEFAULT_WARN = "26h";
    public static final String DEFAULT_CRIT = "50h";

    private final Level warn;
    private final Level crit;
    /** The options the ages were given with, for messages. */
    private final String warnOption;
    private final String critOption;

    private AgeThresholds(Level warn, Level crit, String warnOption, String critOption) {
        this.warn = warn;
        this.crit = crit;
        this.warnOption = warnOption;
        this.critOption = critOption;
    }

    /** The defaults: WARNING above 26 hours, CRITICAL above 50 (a nightly job that missed one night, two nights). */
    public static AgeThresholds defaults() {
        return parse(List.of(), List.of());
    }

    /**
     * @param warn values of {@code --warn}: at most one plain age, any number of {@code GLOB=AGE}
     * @param crit the same for {@code --crit}
     * @throws CheckException naming the value that is wrong
     */
    public static AgeThresholds parse(List<String> warn, List<String> crit) {
        return parse(warn, crit, "--warn", "--crit", DEFAULT_WARN, DEFAULT_CRIT);
    }

    /**
     * As {@link #parse(List, List)}, for options named {@code warnOption} and {@code critOption}
     * whose ages default to {@code defaultWarn} and {@code defaultCrit}.
     */
    public static AgeThresholds parse(List<String> warn, List<String> crit, String warnOption, String critOption,
                                      String defaultWarn, String defaultCrit) {
        AgeThresholds thresholds = new AgeThresholds(Level.parse(warnOption, warn, defaultWarn),
                Level.parse(critOption, crit, defaultCrit), warnOption, critOption);
        thresholds.checkOrder(thresholds.warn.defaultSeconds, thresholds.crit.defaultSeconds, "the defaults");
        for (Pattern pattern : thresholds.warn.patterns) {
            thresholds.checkOrder(pattern.seconds, thresholds.crit.secondsFor(pattern.glob.glob()),
                    "'" + pattern.glob + "'");
        }
        for (Pattern pattern : thresholds.crit.patterns) {
            thresholds.checkOrder(thresholds.warn.secondsFor(pattern.glob.glob()), pattern.seconds,
                    "'" + pattern.glob + "'");
        }
        return thresholds;
    }

    public long warnSeconds(String dataset) {
        return warn.secondsFor(dataset);
    }

    public long critSeconds(String dataset) {
        return crit.secondsFor(dataset);
    }

    /** The thresholds as given: what the report echoes, so that a reader knows what was judged. */
    public String describe() {
        return "warn " + warn.describe() + ", crit " + crit.describe();
    }

    private void checkOrder(long warnSeconds, long critSeconds, String what) {
        if (warnSeconds > critSeconds) {
            throw new CheckException("The warning age %s is above the critical age %s for %s: a dataset would turn"
                    + " CRITICAL before WARNING; give %s below %s", Ages.format(warnSeconds),
                    Ages.format(critSeconds), what, warnOption, critOption);
        }
    }

    private record Pattern(DatasetPattern glob, long seconds) {
    }

    private record Level(long defaultSeconds, List<Pattern> patterns) {
        static Level parse(String option, List<String> values, String fallback) {
            Long plain = null;
            List<Pattern> patterns = new ArrayList<>();
            for (String value : values) {
                int equals = value.lastIndexOf('=');
                if (equals < 0) {
                    if (plain != null) {
                        throw new CheckException("%s is given twice without a pattern ('%s'); one default age,"
                                + " then GLOB=AGE for the datasets that differ", option, value);
                    }
                    plain = Ages.parseSeconds(value);
                } else {
                    patterns.add(new Pattern(DatasetPattern.of(value.substring(0, equals)),
                            Ages.parseSeconds(value.substring(equals + 1))));
                }
            }
            return new Level(plain != null ? plain : Ages.parseSeconds(fallback), List.copyOf(patterns));
        }

        long secondsFor(String dataset) {
            for (Pattern pattern : patterns) {
                if (pattern.glob.matches(dataset)) {
                    return pattern.seconds;
                }
            }
            return defaultSeconds;
        }

        String describe() {
            StringBuilder text = new StringBuilder(Ages.format(defaultSeconds));
            patterns.forEach(p -> text.append(", ").append(p.glob).append('=').append(Ages.format(p.seconds)));
            return text.toString();
        }
    }
}
