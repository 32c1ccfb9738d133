package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.text.FileNames;

/**
 * Escaping of paths in manifest lines: backslash, tab, newline and carriage return become
 * {@code \\ \t \n \r}, so every line splits on tabs, and a byte of a name that is not UTF-8 (held
 * as U+DC80..U+DCFF, see {@link FileNames}) becomes {@code \xHH}, so the manifest stays UTF-8 text
 * and the name's bytes come back exactly. Ordinary names look as in zfs-check output.
 */
final class ManifestPaths {
    private ManifestPaths() {
    }

    static String escape(String path) {
        if (plain(path)) {
            return path;
        }
        StringBuilder out = new StringBuilder(path.length() + 8);
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            int escaped = FileNames.escapedByte(path, i);
            if (escaped >= 0) {
                out.append("\\x").append(Character.toUpperCase(Character.forDigit(escaped >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(escaped & 0xf, 16)));
                continue;
            }
            switch (c) {
                case '\\': out.append("\\\\"); break;
                case '\t': out.append("\\t"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                default: out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean plain(String path) {
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '\\' || c == '\t' || c == '\n' || c == '\r' || (c >= '\uDC80' && c <= '\uDCFF')) {
                return false;
            }
        }
        return true;
    }

    /**
     * The path {@code text} escapes. {@code \xHH} is a byte 0x80..0xFF (this tool writes no other;
     * manifests written before it never held {@code \x}, as a backslash was always doubled); any
     * other backslash stands for the character after it, as it always did.
     */
    static String unescape(String text) {
        if (text.indexOf('\\') < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                out.append(c);
                continue;
            }
            char next = text.charAt(++i);
            int escaped = next == 'x' && i + 2 < text.length() ? hexByte(text.charAt(i + 1), text.charAt(i + 2)) : -1;
            if (escaped >= 0x80) {
                out.append(FileNames.escape(escaped));
                i += 2;
                continue;
            }
            out.append(next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : next);
        }
        return out.toString();
    }

    private static int hexByte(char high, char low) {
        int h = Character.digit(high, 16);
        int l = Character.digit(low, 16);
        return h < 0 || l < 0 || high > 'f' || low > 'f' ? -1 : h << 4 | l;
    }
}
