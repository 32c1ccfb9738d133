package io.jenkins.plugins.zfsreplication.zfs;

/**
 * The root of the engine's unchecked exceptions. Messages name what is wrong and, where there is
 * one, what to do about it; they are shown to users as they are.
 */
public class ZfsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ZfsException(String format, Object... args) {
        super(String.format(format, args));
    }

    public ZfsException(Throwable cause, String format, Object... args) {
        super(String.format(format, args), cause);
    }
}
