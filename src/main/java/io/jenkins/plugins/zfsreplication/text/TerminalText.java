package io.jenkins.plugins.zfsreplication.text;

/**
 * Text that came from outside (a listed name, a property value, a path in a manifest, a message
 * that quotes them) as one printable line. A name with an escape sequence could otherwise move
 * the cursor, rewrite earlier lines or retitle the terminal of the admin reading the output, and
 * a newline in it could forge a whole line of a build log. Every character that is not printable
 * is shown as a visible escape instead: {@code \n}, {@code \t}, {@code \r}, and {@code \x1B} /
 * {@code \u202E} for the rest (C0 and C1 controls, DEL, line and paragraph separators, the
 * bidirectional overrides that reorder what is shown, and unpaired surrogates). A byte of a file
 * name that is not UTF-8, held as U+DC80..U+DCFF ({@link FileNames}), is shown as the byte,
 * {@code \xFF}, as a manifest writes it. A backslash stays as it is: the result is printable, so
 * escaping a message again (one that quotes a name escaped already) changes nothing.
 */
public final class TerminalText {
    private TerminalText() {
    }

    /** {@code text} with every unprintable character escaped; the same string when there is none. */
    public static String line(String text) {
        if (text == null) {
            return "null";
        }
        if (firstUnsafe(text) < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                out.append(c).append(text.charAt(++i));
            } else if (!unsafe(c)) {
                out.append(c);
            } else {
                escape(out, c);
            }
        }
        return out.toString();
    }

    private static int firstUnsafe(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (unsafe(c)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean unsafe(char c) {
        return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == '\u2028' || c == '\u2029'
                || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069') || c == '\u200e'
                || c == '\u200f' || c == '\u061c' || Character.isSurrogate(c);
    }

    private static void escape(StringBuilder out, char c) {
        switch (c) {
            case '\n' -> out.append("\\n");
            case '\t' -> out.append("\\t");
            case '\r' -> out.append("\\r");
            default -> out.append(c >= '\uDC80' && c <= '\uDCFF' ? String.format("\\x%02X", c - 0xDC00)
                    : c <= 0xff ? String.format("\\x%02X", (int) c) : String.format("\\u%04X", (int) c));
        }
    }
}
