package io.jenkins.plugins.zfsreplication.files;

/** An input file that cannot be read as one: missing, not a regular file, too large, not UTF-8. One line. */
public final class InputFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InputFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
