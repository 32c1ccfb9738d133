package io.jenkins.plugins.zfsreplication.verify;

import java.util.Locale;

/** Bad input or a failed verification step; the message says what is wrong and what to do. */
public class VerifyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public VerifyException(String format, Object... args) {
        super(String.format(Locale.ROOT, format, args));
    }

    public VerifyException(Throwable cause, String format, Object... args) {
        super(String.format(Locale.ROOT, format, args), cause);
    }
}
