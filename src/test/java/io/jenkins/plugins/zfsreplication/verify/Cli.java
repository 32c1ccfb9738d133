package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.cli.Main;
import io.jenkins.plugins.zfsreplication.zfs.TestProcesses;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the command line in-process and captures stdout, stderr and the exit status. */
final class Cli {
    private Cli() {
    }

    record Run(int exit, String out, String err) {
    }

    static Run run(String... args) {
        synchronized (TestProcesses.CONSOLE) {
            return runSwapped(args);
        }
    }

    /** Swaps the JVM's standard streams: nothing else may print meanwhile (see TestProcesses#CONSOLE). */
    private static Run runSwapped(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int exit = Main.run(args);
            return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
