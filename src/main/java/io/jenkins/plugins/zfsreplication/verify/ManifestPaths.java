package io.jenkins.plugins.zfsreplication.verify;

/**
 * Escaping of paths in manifest lines: backslash, tab, newline and carriage return become
 * {@code \\ \t \n \r}, so every line splits on tabs. Ordinary names look as in zfs-check output.
 */
final class ManifestPaths {
    private ManifestPaths() {
    }

    static String escape(String path) {
        if (path.indexOf('\\') < 0 && path.indexOf('\t') < 0 && path.indexOf('\n') < 0 && path.indexOf('\r') < 0) {
            return path;
        }
        StringBuilder out = new StringBuilder(path.length() + 8);
        for (char c : path.toCharArray()) {
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
            out.append(next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : next);
        }
        return out.toString();
    }
}
