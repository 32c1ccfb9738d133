package io.jenkins.plugins.zfsreplication.zfs;

/** A dataset or snapshot name that breaks ZFS's naming rules (or this tool's stricter ones). */
public final class InvalidNameException extends ZfsException {
    private static final long serialVersionUID = 1L;

    InvalidNameException(String name, String format, Object... args) {
        super("Invalid ZFS name '%s': %s", name, String.format(format, args));
    }
}
