package io.jenkins.plugins.zfsreplication.check;

import java.util.Locale;

/**
 * What a night verifies (its config's {@code verify}): tonight's snapshot on the source and its copy,
 * compared; the source only; nothing. In night.json as {@code verify.mode}, in lower case.
 */
public enum VerifyMode {
    COPY, SOURCE, OFF;

    /** The name in night.json and in the night's config. */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named {@code text} in night.json, or null when it names none. */
    static VerifyMode ofJson(String text) {
        for (VerifyMode mode : values()) {
            if (mode.jsonName().equals(text)) {
                return mode;
            }
        }
        return null;
    }
}
