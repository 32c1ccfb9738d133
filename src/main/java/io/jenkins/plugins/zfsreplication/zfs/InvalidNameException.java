package io.jenkins.plugins.zfsreplication.zfs;

import io.jenkins.plugins.zfsreplication.text.TerminalText;

/** A dataset or snapshot name that breaks ZFS's naming rules (or this tool's stricter ones). */
public final class InvalidNameException extends ZfsException {
    private static final long serialVersionUID = 1L;

    InvalidNameException(String name, String format, Object... args) {
        // the name may hold what it is refused for (a newline, an escape sequence): shown escaped
        super("Invalid ZFS name '%s': %s", TerminalText.line(name), String.format(format, args));
    }
}
