package io.jenkins.plugins.zfsreplication.transfer.process;

import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;

import io.jenkins.plugins.zfsreplication.zfs.ZfsLocale;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts stages wired to each other by pipes at spawn ({@link ProcessBuilder#startPipeline}): the
 * kernel moves the bytes from one process to the next, the JVM holds no end of those pipes.
 */
public final class Spawner {
    private static final Redirect NOTHING_IN = Redirect.from(new File("/dev/null"));
    /**
     * Runs the stage as the child of a shell that, once the stage has ended and been reaped, appends
     * its own /proc io counters to stderr. The kernel adds a reaped child's counters to its parent's,
     * so those are the stage's final byte counts, which no sampling of the exiting process can give.
     * A constant script: the stage's argument vector comes in as "$@", never as shell text. The
     * shell does not touch the stream; the stage inherits its stdin and stdout. It copies the counters
     * with its own builtins: a {@code cat} would cost a process more per stage.
     *
     * <p>Both hops die with their parent: the shell is started under {@code setpriv --pdeathsig KILL}
     * and starts the stage the same way ({@link #TIED}), so a JVM killed with SIGKILL (an agent that
     * dies) takes the shell with it and the shell's death takes the stage. The first argument is the
     * pid the shell's parent must be: a parent that died before setpriv armed the signal is caught
     * by that check instead.
     */
    static final String METER_SCRIPT = "[ \"$PPID\" = \"$1\" ] || exit 129; shift; "
            + "setpriv --pdeathsig KILL sh -c '" + "p=$1; shift; [ \"$PPID\" = \"$p\" ] || exit 129; exec \"$@\""
            + "' sh \"$$\" \"$@\"; s=$?;"
            + " while IFS= read -r line; do printf '%s\\n' \"$line\"; done < \"/proc/$$/io\" >&2; exit $s";
    /** The prefix that ties a process to its parent's life (util-linux, in every Debian and RHEL base system). */
    static final List<String> TIED = List.of("setpriv", "--pdeathsig", "KILL");

    private Spawner() {
    }

    /**
     * Starts {@code stages} as one pipe chain.
     *
     * @param in  the first stage's stdin (null: /dev/null)
     * @param out the last stage's stdout (null: discarded)
     */
    public static List<RunningPipeline.Stage> start(ProcessSite launcher, List<StageCommand> stages, Redirect in, Redirect out,
                                             Path workDir) {
        List<ProcessBuilder> builders = new ArrayList<>();
        List<Path> errors = new ArrayList<>();
        for (StageCommand stage : stages) {
            Path error = uniqueFile(workDir, stage.role());
            errors.add(error);
            List<String> metered = new ArrayList<>(TIED);
            metered.addAll(List.of("sh", "-c", METER_SCRIPT, "sh", Long.toString(ProcessHandle.current().pid())));
            metered.addAll(stage.argv());
            ProcessBuilder builder = new ProcessBuilder(launcher.command(metered)).redirectError(error.toFile());
            // a stage's stderr is read for what went wrong: zfs's in English, whatever the caller's locale
            ZfsLocale.apply(stage.argv(), builder.environment());
            builders.add(builder);
        }
        builders.get(0).redirectInput(in == null ? NOTHING_IN : in);
        builders.get(builders.size() - 1).redirectOutput(out == null ? Redirect.DISCARD : out);
        List<Process> processes;
        try {
            processes = SpawningThread.startPipeline(builders);
        } catch (IOException e) {
            throw new TransferException(e, "Cannot start the pipeline %s on %s: %s. Are zfs, socat, mbuffer, zstd/lz4, "
                    + "ssh and setpriv installed where they are needed?", describe(stages), launcher.name(), e.getMessage());
        }
        List<RunningPipeline.Stage> started = new ArrayList<>();
        for (int i = 0; i < stages.size(); i++) {
            started.add(new RunningPipeline.Stage(stages.get(i).role(), launcher.command(stages.get(i).argv()),
                    processes.get(i), errors.get(i)));
        }
        return started;
    }

    static String describe(List<StageCommand> stages) {
        return String.join(" | ", stages.stream().map(stage -> String.join(" ", stage.argv())).toList());
    }

    private static Path uniqueFile(Path directory, String role) {
        String base = role.replaceAll("[^A-Za-z0-9_-]+", "-");
        for (int i = 0; ; i++) {
            Path candidate = directory.resolve(base + (i == 0 ? "" : "-" + i) + ".err");
            if (!candidate.toFile().exists()) {
                try {
                    java.nio.file.Files.createFile(candidate);
                    return candidate;
                } catch (IOException e) {
                    if (!candidate.toFile().exists()) {
                        throw new TransferException(e, "Cannot create %s: %s", candidate, e.getMessage());
                    }
                }
            }
        }
    }
}
