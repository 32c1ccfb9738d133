package io.jenkins.plugins.zfsreplication.cli;

/** The one way subcommands report bad input: "error: ..." on stderr and exit status 2. */
final class CliErrors {
    private CliErrors() {
    }

    static int badInput(CliEnvironment environment, RuntimeException e) {
        environment.err().println("error: " + e.getMessage());
        environment.err().flush();
        return Main.BAD_INPUT;
    }
}
