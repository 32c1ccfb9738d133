package io.jenkins.plugins.zfsreplication.zfs;

import io.jenkins.plugins.zfsreplication.text.TerminalText;

import java.util.Set;

/**
 * ZFS's naming rules (zfs_namecheck.c in OpenZFS), checked before a name reaches any command.
 * Stricter than ZFS in one way: spaces, although ZFS allows them, are rejected, because they are
 * the usual start of quoting mistakes in the shells that storage admins paste names into.
 */
final class ZfsNames {
    /** ZFS_MAX_DATASET_NAME_LEN is 256 including the terminating NUL. */
    static final int MAX_LENGTH = 255;

    private static final Set<String> RESERVED_POOL_NAMES =
            Set.of("mirror", "raidz", "draid", "spare", "log", "cache", "special", "dedup");

    private ZfsNames() {
    }

    /** Checks one component: a dataset path element, a snapshot name or a bookmark name. */
    static void checkComponent(String fullName, String component, int offset, String what) {
        if (component.isEmpty()) {
            throw new InvalidNameException(fullName, "empty %s (two separators in a row, or one at an end)", what);
        }
        if (component.equals(".") || component.equals("..")) {
            throw new InvalidNameException(fullName, "'%s' is not allowed as a %s", component, what);
        }
        for (int i = 0; i < component.length(); i++) {
            char c = component.charAt(i);
            if (!isValidChar(c)) {
                throw new InvalidNameException(fullName, "character %s at position %d is not allowed in a %s;"
                        + " ZFS names use letters, digits and - _ . :", describe(c),
                        offset + i + 1, what);
            }
        }
    }

    static void checkPool(String fullName, String pool) {
        checkComponent(fullName, pool, 0, "pool name");
        if (!Character.isLetter(pool.charAt(0))) {
            throw new InvalidNameException(fullName, "a pool name must begin with a letter");
        }
        if (RESERVED_POOL_NAMES.contains(pool) || pool.matches("c[0-9].*")) {
            throw new InvalidNameException(fullName, "'%s' is reserved and cannot be a pool name", pool);
        }
    }

    static void checkLength(String fullName) {
        if (fullName.length() > MAX_LENGTH) {
            throw new InvalidNameException(fullName.substring(0, 40) + "...",
                    "%d characters, ZFS allows at most %d", fullName.length(), MAX_LENGTH);
        }
    }

    private static boolean isValidChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '-' || c == '_' || c == '.' || c == ':';
    }

    private static String describe(char c) {
        if (c == ' ') {
            return "' ' (space)";
        }
        if (Character.isISOControl(c)) {
            return String.format("U+%04X (control character)", (int) c);
        }
        return "'" + TerminalText.line(String.valueOf(c)) + "'";
    }
}
