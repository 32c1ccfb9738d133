package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.audit.AuditException;
import io.jenkins.plugins.zfsreplication.audit.AuditJson;
import io.jenkins.plugins.zfsreplication.audit.AuditRecord;
import io.jenkins.plugins.zfsreplication.audit.AuditRecorder;
import io.jenkins.plugins.zfsreplication.audit.BuildDirectory;
import io.jenkins.plugins.zfsreplication.audit.ChainCheck;
import io.jenkins.plugins.zfsreplication.audit.ChainLink;
import io.jenkins.plugins.zfsreplication.audit.SkippedBuild;
import io.jenkins.plugins.zfsreplication.audit.ChainReport;
import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zfs-replication audit verify|record}: the hash chain across builds (see docs/formats.md, audit.json). */
@Command(name = "audit", mixinStandardHelpOptions = true,
        description = "Check or write the audit records that chain builds together.",
        subcommands = {AuditCommand.Verify.class, AuditCommand.Record.class})
final class AuditCommand implements Runnable {
    private final CliEnvironment environment;

    @picocli.CommandLine.Spec
    private picocli.CommandLine.Model.CommandSpec spec;

    AuditCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: verify or record");
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = {"Check a chain of downloaded builds: one directory per build, named by its number,",
                "holding the build's artifacts (or their archive/ directory, as Jenkins keeps and zips them).",
                "Every artifact must match its recorded SHA-256 and every build link to the one before it.",
                "Prints one line; names the first build where the chain breaks.",
                "Exit status: 0 intact, 1 broken, 2 bad input."})
    static final class Verify implements Callable<Integer> {
        @picocli.CommandLine.ParentCommand
        AuditCommand parent;

        @Option(names = "--newest-sha256", paramLabel = "HEX",
                description = "The SHA-256 the newest build's audit.json must have (kept elsewhere, e.g. from an export).")
        String newestSha256;

        @Parameters(arity = "1..*", paramLabel = "DIR", description = "A build's directory, named by its number.")
        List<Path> directories;

        @Override
        public Integer call() {
            CliEnvironment environment = parent.environment;
            try {
                ChainReport report = ChainCheck.check(directories, newestSha256);
                environment.out().println(report.line());
                environment.out().flush();
                return report.intact() ? 0 : Main.FAILED;
            } catch (AuditException e) {
                return CliErrors.badInput(environment, e);
            } catch (IOException e) {
                return CliErrors.badInput(environment, new UncheckedIOException(e.toString(), e));
            }
        }
    }

    @Command(name = "record", mixinStandardHelpOptions = true,
            description = {"Write DIR/audit.json for the artifacts in DIR (a directory named by the build's number),",
                "linked to the previous build's directory. For runs without Jenkins; a Jenkins build writes its own.",
                "Exit status: 0 written, 2 bad input."})
    static final class Record implements Callable<Integer> {
        @picocli.CommandLine.ParentCommand
        AuditCommand parent;

        @Option(names = "--job", required = true, description = "The name the chain is kept under.")
        String job;

        @Option(names = "--previous", paramLabel = "DIR",
                description = "The previous build's directory; without it this build starts the chain.")
        Path previous;

        @Parameters(index = "0", paramLabel = "DIR", description = "This build's directory, named by its number.")
        Path directory;

        @Override
        public Integer call() {
            CliEnvironment environment = parent.environment;
            try {
                Path file = directory.resolve(AuditRecord.FILE_NAME);
                if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                    throw new AuditException("%s exists already: a build's record is written once", file);
                }
                long build = number(directory);
                ChainLink link = null;
                String note = "no previous build given";
                if (previous != null) {
                    BuildDirectory before = BuildDirectory.of(previous);
                    if (before.root() == null) {
                        throw new AuditException("%s has no %s (nor archive/%s): not a build with an audit record",
                                previous, AuditRecord.FILE_NAME, AuditRecord.FILE_NAME);
                    }
                    byte[] json = AuditJson.readFile(before.root().resolve(AuditRecord.FILE_NAME));
                    AuditJson.read(json, previous.resolve(AuditRecord.FILE_NAME).toString());
                    link = AuditRecorder.linkTo(before.number(), json, skipped(before, build));
                    note = null;
                }
                AuditRecord record = AuditRecorder.record(directory, artifacts(directory), job, build, link, note);
                AtomicFile.write(file, new String(AuditJson.write(record), StandardCharsets.UTF_8));
                environment.out().println("wrote " + file + ": build " + build + ", " + record.artifacts().size()
                        + " artifacts" + (link == null ? ", starts the chain" : ", links to build " + link.build()));
                environment.out().flush();
                return 0;
            } catch (AuditException e) {
                return CliErrors.badInput(environment, e);
            } catch (IOException e) {
                return CliErrors.badInput(environment, new UncheckedIOException(e.toString(), e));
            }
        }

        /**
         * The numbers between the previous build and this one, as the directory holding this build
         * shows them (builds kept side by side, named by number): an empty directory ran no zfs step, one
         * with files but no record died before its end (unfinished: the files are named), a missing one
         * was deleted. One with a record is the predecessor: refused.
         */
        private List<SkippedBuild> skipped(BuildDirectory before, long build) throws IOException {
            Path parent = directory.toAbsolutePath().normalize().getParent();
            List<SkippedBuild> skipped = new java.util.ArrayList<>();
            for (long number = before.number() + 1; number < build; number++) {
                Path candidate = parent == null ? null : parent.resolve(Long.toString(number));
                if (candidate == null || !Files.isDirectory(candidate, LinkOption.NOFOLLOW_LINKS)) {
                    skipped.add(new SkippedBuild(number, SkippedBuild.Why.ABSENT));
                } else if (BuildDirectory.of(candidate).root() != null) {
                    throw new AuditException("%s holds the record of build %d, which comes after %s: give it as "
                            + "--previous", candidate, number, before.directory());
                } else {
                    // the record is the last thing a build writes: files without one are a build that died
                    List<String> left = artifacts(candidate);
                    skipped.add(left.isEmpty() ? new SkippedBuild(number, SkippedBuild.Why.NO_ZFS_STEP)
                            : new SkippedBuild(number, SkippedBuild.Why.UNFINISHED, left));
                }
            }
            return skipped;
        }

        private static long number(Path directory) {
            Path name = directory.toAbsolutePath().normalize().getFileName();
            if (name == null || !name.toString().matches("[1-9][0-9]{0,17}") || !Files.isDirectory(directory)) {
                throw new AuditException("%s: not a directory named by a build number", directory);
            }
            return Long.parseLong(name.toString());
        }

        /** Every regular file under the directory, as /-separated relative paths. */
        private static List<String> artifacts(Path directory) throws IOException {
            try (Stream<Path> files = Files.walk(directory)) {
                return files.filter(path -> Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS))
                        .map(path -> directory.relativize(path).toString().replace(directory.getFileSystem().getSeparator(), "/"))
                        .filter(path -> !path.equals(AuditRecord.FILE_NAME))
                        .sorted().toList();
            }
        }
    }
}
