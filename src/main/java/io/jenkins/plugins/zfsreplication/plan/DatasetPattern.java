package io.jenkins.plugins.zfsreplication.plan;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A glob over full dataset names: {@code *} matches within one name component, {@code **} across
 * components, {@code ?} one character; everything else is literal. Only dataset name characters
 * and the three wildcards are allowed, so a pattern can never smuggle anything into a command.
 */
public final class DatasetPattern {
    private final String glob;
    private final Pattern regex;

    private DatasetPattern(String glob) {
        this.glob = glob;
        this.regex = toRegex(glob);
    }

    /** @throws PlanException naming the first character a pattern may not hold */
    public static DatasetPattern of(String glob) {
        Objects.requireNonNull(glob, "pattern");
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            boolean allowed = Character.isLetterOrDigit(c) || "-_.:/*?".indexOf(c) >= 0;
            if (!allowed || c > 127) {
                throw new PlanException("Invalid dataset pattern '%s': character '%s' at position %d; patterns use"
                        + " dataset name characters and * ** ?", glob, c, i + 1);
            }
        }
        return new DatasetPattern(glob);
    }

    public boolean matches(String datasetName) {
        return regex.matcher(datasetName).matches();
    }

    public String glob() {
        return glob;
    }

    @Override
    public String toString() {
        return glob;
    }

    private static Pattern toRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                regex.append(".*");
                i++;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
