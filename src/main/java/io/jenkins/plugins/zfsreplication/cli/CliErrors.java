package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.io.PrintWriter;

import io.jenkins.plugins.zfsreplication.text.TerminalText;

/**
 * The one way subcommands report a problem: "error: ..." as one line on stderr (whatever the
 * message quotes is escaped: a name with a newline or an escape sequence stays on that line), and
 * exit status 2 for bad input, 1 for work that failed.
 */
final class CliErrors {
    private CliErrors() {
    }

    static int badInput(CliEnvironment environment, RuntimeException e) {
        return report(environment.err(), e, Main.BAD_INPUT);
    }

    /** Prints {@code e} as the one line of an error and returns {@code status}. */
    static int report(PrintWriter err, Throwable e, int status) {
        err.println("error: " + message(e));
        err.flush();
        return status;
    }

    /** The message of {@code e} as one printable line; the type when it has none (a bug, then, but still one line). */
    static String message(Throwable e) {
        String message = e.getMessage() == null || e.getMessage().isBlank() ? e.toString() : e.getMessage();
        return TerminalText.line(message.strip());
    }

    /** What a command reads from its options and input files, before any zfs command runs. */
    @FunctionalInterface
    interface Input<T> {
        T read() throws IOException;
    }

    /**
     * Runs {@code input} (parsing options, reading input files, checking hosts; nothing that runs
     * zfs) and turns any failure into a {@link BadInputException}: every problem found there is the
     * caller's input, exit status 2, found before the work starts.
     */
    static <T> T input(Input<T> input) {
        try {
            return input.read();
        } catch (BadInputException e) {
            throw e;
        } catch (RuntimeException | IOException e) {
            throw new BadInputException(message(e), e);
        }
    }

    /** Bad input found by {@link #input}: exit status 2. */
    static final class BadInputException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadInputException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
