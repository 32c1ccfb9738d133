package io.jenkins.plugins.zfsreplication.units;

/** A size that could not be read; the message names the text and the syntax. */
public final class SizeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    SizeException(String message) {
        super(message);
    }
}
