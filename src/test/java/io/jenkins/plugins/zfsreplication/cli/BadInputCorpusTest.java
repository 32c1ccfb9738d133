package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The bad-input corpus: {@code bad-input-corpus.tsv} lists, per case, a command line for the
 * real entry point (the launcher's {@link Main}, in this JVM), the exit status it must end with
 * and the message it must print. Every case also holds to what every bad input must do: no zfs
 * (or ssh) command runs, the problem is exactly one line without a stack trace ("error: ..." on
 * stderr, or for {@code check} the monitoring plugin's one UNKNOWN line on stdout), and nothing
 * hangs (a FIFO named as an input is refused, not waited on). Files the cases name are made here
 * ({@code ${name}} in the corpus).
 */
class BadInputCorpusTest {
    private static final String CORPUS = "bad-input-corpus.tsv";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-z0-9.-]+)}");

    @TempDir
    static Path dir;

    private static final Map<String, Path> FILES = new HashMap<>();

    /** One line of the corpus. */
    record Case(int line, String category, String name, List<String> args, int status, String expected) {
        @Override
        public String toString() {
            return category + ": " + name;
        }
    }

    /** A runner that records what would have run: no case may start a command. */
    static final class Forbidden implements CommandRunner {
        final List<List<String>> commands = new ArrayList<>();

        @Override
        public CommandResult run(List<String> command, Duration timeout) {
            commands.add(List.copyOf(command));
            throw new AssertionError("a command ran on bad input: " + command);
        }

        @Override
        public String host() {
            return "local";
        }
    }

    @BeforeAll
    static void makeTheFiles() throws IOException, InterruptedException {
        String valid = CraftedPlanTest.validPlan();
        plan("valid", valid);
        file("plan.nonutf8", "{\"kind\": \"zfs-replication-plan\", \"sourceHost\": \"caf\u00e9\"}"
                .getBytes(StandardCharsets.ISO_8859_1));
        plan("plan.truncated", valid.substring(0, valid.length() / 2));
        plan("plan.empty", "");
        plan("plan.duplicate", valid.replace("\"targetRoot\" : \"backup/home\"",
                "\"targetRoot\" : \"backup/home\", \"targetRoot\" : \"tank\""));
        plan("plan.guid0", valid.replace("\"4242\"", "\"0\""));
        plan("plan.outside", valid.replace("\"backup/home/docs\"", "\"tank/important\""));
        plan("plan.format", valid.replace("\"format\" : 2", "\"format\" : 99"));
        plan("plan.agent", valid.replace("\"targetHost\" : \"local\"", "\"targetHost\" : \"agent:nas-b\""));
        plan("plan.array", "[1, 2, 3]");
        plan("plan.deep", "[".repeat(100_000));
        sparse("plan.huge", (64L << 20) + 1);
        mkfifo("fifo");
        FILES.put("dir", Files.createDirectories(dir.resolve("a-directory")));
        FILES.put("missing", dir.resolve("no-such-file"));
        Path tree = Files.createDirectories(dir.resolve("tree"));
        Files.writeString(tree.resolve("hello.txt"), "hello\n");
        FILES.put("hello", tree.resolve("hello.txt"));
        FILES.put("link", Files.createSymbolicLink(dir.resolve("link-to-tree"), tree));
        FILES.put("link-to-fifo", Files.createSymbolicLink(dir.resolve("link-to-fifo"), FILES.get("fifo")));
        plan("blank.manifest", "\n".repeat(10_000));
        String header = "# zfs-replication checksum manifest\n# format: 1\n# tool: corpus\n# hash: xxh64\n"
                + "# block-size: 1048576\n# count: 1\n# chunk-size: 1048576\n# layout: file\n";
        plan("blank-header.manifest", header + "\n".repeat(10_000) + "# size: 0\n# end: 1 files, 0 chunks\n");
        plan("truncated.manifest", header + "# size: 6\n0\t");
        plan("long-line.manifest", header + "0\t" + "a".repeat(200_000) + "\n");
        file("nonutf8.manifest", (header + "# size: 6\n0\tcaf\u00e9\n").getBytes(StandardCharsets.ISO_8859_1));
        sparse("zeros.manifest", 64L << 20);
        plan("token.big", "a".repeat(10_000));
        Path build = Files.createDirectories(dir.resolve("builds/41"));
        Files.writeString(build.resolve("plan.txt"), "plan\n");
        mkfifo("builds/41/audit.json");
        FILES.put("build41", build);
        FILES.put("metrics.dir", Files.createDirectories(dir.resolve("metrics.prom")));
        FILES.put("out.file", Files.writeString(dir.resolve("a-file"), "not a directory\n"));
        plan("token.ok", "0123abcd\n");
        FILES.put("build42", Files.createDirectories(dir.resolve("builds/42")));
    }

    private static void plan(String name, String text) throws IOException {
        file(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private static void file(String name, byte[] bytes) throws IOException {
        FILES.put(name, Files.write(dir.resolve(name), bytes));
    }

    private static void sparse(String name, long size) throws IOException {
        Path path = dir.resolve(name);
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "rw")) {
            file.setLength(size);
        }
        FILES.put(name, path);
    }

    private static void mkfifo(String name) throws IOException, InterruptedException {
        Path path = dir.resolve(name);
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertThat(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0).as("mkfifo " + path).isTrue();
        FILES.put(name, path);
    }

    static Stream<Case> corpus() throws IOException {
        List<Case> cases = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        try (InputStream in = BadInputCorpusTest.class.getResourceAsStream(CORPUS)) {
            assertThat(in).as(CORPUS).isNotNull();
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i];
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] columns = line.split("\t", -1);
                assertThat(columns).as("line %d of %s: category, case, args (JSON), status, message", i + 1, CORPUS)
                        .hasSize(5);
                List<String> args = List.of(json.readValue(columns[2], String[].class));
                cases.add(new Case(i + 1, columns[0], columns[1], args, Integer.parseInt(columns[3]), columns[4]));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void shouldAnswerTheCaseWithItsStatusAndOneLine(Case c) {
        List<String> args = c.args().stream().map(BadInputCorpusTest::resolve).toList();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Forbidden runner = new Forbidden();
        CliEnvironment environment = new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true));

        int status = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> Main.run(environment, args.toArray(String[]::new)), () -> "hung: " + args);

        String expected = resolve(c.expected());
        String description = String.format("line %d: %s%nstdout: %s%nstderr: %s", c.line(), args, out, err);
        assertThat(runner.commands).as(description).isEmpty();
        assertThat(status).as(description).isEqualTo(c.status());
        boolean check = args.get(0).equals("check");
        if (c.status() != 0 && !check) {
            assertThat(err.toString()).as(description).endsWith("\n").hasLineCount(1).startsWith("error: ")
                    .contains(expected).doesNotContain("\tat ", "Exception");
            assertThat(out.toString()).as(description).isEmpty();
        } else if (check && c.status() == 3) {
            assertThat(out.toString()).as(description).endsWith("\n").hasLineCount(1)
                    .startsWith("ZFS-REPLICATION UNKNOWN - ").contains(expected);
            assertThat(err.toString()).as(description).isEmpty();
        } else {
            assertThat(out + "\n" + err).as(description).contains(expected).doesNotContain("\tat ", "Exception");
        }
    }

    /**
     * Every subcommand of the command line (and each of audit's) has cases: a command added later
     * without them fails here.
     */
    @Test
    void shouldCoverEverySubcommand() throws IOException {
        Set<String> commands = new TreeSet<>();
        CommandLine main = Main.commandLine(new CliEnvironment(new Forbidden(), new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter())));
        main.getSubcommands().forEach((name, sub) -> {
            if (sub.getSubcommands().isEmpty()) {
                commands.add(name);
            }
            sub.getSubcommands().keySet().forEach(inner -> commands.add(name + " " + inner));
        });
        Set<String> covered = new TreeSet<>();
        corpus().forEach(c -> {
            covered.add(c.args().get(0));
            if (c.args().size() > 1) {
                covered.add(c.args().get(0) + " " + c.args().get(1));
            }
        });

        assertThat(covered).containsAll(commands);
        assertThat(commands).contains("probe", "list", "plan", "prune", "verify", "compare", "send", "recv", "run",
                "audit verify", "audit record", "check", "snapshot");
    }

    private static String resolve(String text) {
        Matcher placeholder = PLACEHOLDER.matcher(text);
        StringBuilder resolved = new StringBuilder();
        while (placeholder.find()) {
            String name = placeholder.group(1);
            Path path = name.equals("tmp") ? dir : FILES.get(name);
            assertThat(path).as("${%s} is made by makeTheFiles", name).isNotNull();
            placeholder.appendReplacement(resolved, Matcher.quoteReplacement(path.toString()));
        }
        return placeholder.appendTail(resolved).toString();
    }
}
