package io.jenkins.plugins.zfsreplication.posix;

import java.util.Locale;

/** A native call failed; the message names the call, the file and the system's reason. */
public final class PosixException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PosixException(String format, Object... args) {
        super(String.format(Locale.ROOT, format, args));
    }
}
