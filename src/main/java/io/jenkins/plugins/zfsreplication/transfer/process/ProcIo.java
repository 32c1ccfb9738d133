package io.jenkins.plugins.zfsreplication.transfer.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's I/O counters from {@code /proc/<pid>/io}: read from outside the data path, so
 * sampling costs the stream nothing. rchar/wchar count bytes through read/write-like calls
 * (pipes and sockets included), which is what a pipeline stage moves.
 */
record ProcIo(long rchar, long wchar) {
    static final ProcIo NONE = new ProcIo(0, 0);

    private static final java.util.regex.Pattern COUNTER =
            java.util.regex.Pattern.compile("(rchar|wchar|syscr|syscw|read_bytes|write_bytes|cancelled_write_bytes): \\d+");

    static boolean isCounterLine(String line) {
        return COUNTER.matcher(line).matches();
    }

    /** The last counters written to {@code file} (by the metering shell); {@link #NONE} when there are none. */
    static ProcIo lastIn(Path file) {
        try {
            return parse(Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }

    private static ProcIo parse(java.util.List<String> lines) {
        long rchar = 0;
        long wchar = 0;
        for (String line : lines) {
            if (line.startsWith("rchar: ")) {
                rchar = Long.parseLong(line.substring(7).strip());
            } else if (line.startsWith("wchar: ")) {
                wchar = Long.parseLong(line.substring(7).strip());
            }
        }
        return new ProcIo(rchar, wchar);
    }

    /** The counters, or {@link #NONE} when the process is gone (its last sample stands). */
    static ProcIo read(long pid) {
        try {
            return parse(Files.readAllLines(Path.of("/proc", Long.toString(pid), "io"), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }
}
