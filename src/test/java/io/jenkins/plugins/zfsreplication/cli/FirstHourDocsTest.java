package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a newcomer reads first: the README gives the two commands that run the main job and the
 * tests (and they exist, executable); each how-to page is run by a test or says that it is not; the
 * push how-to's user is one a stock Debian does not already have.
 */
class FirstHourDocsTest {
    private static final Path REPOSITORY = Path.of(System.getProperty("zfsr.repo.root")).toAbsolutePath().normalize();

    @Test
    void shouldGiveTheDemoAndTheTestsInTheReadme() throws IOException {
        String readme = Files.readString(REPOSITORY.resolve("README.md"));
        Matcher block = Pattern.compile("## Try it, test it\n.*?```sh\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertThat(block.find()).as("README.md has a '## Try it, test it' section with a sh block").isTrue();
        List<String> commands = block.group(1).lines().map(line -> line.split("#", 2)[0].strip()).toList();
        assertThat(commands).containsExactly("bin/demo", "bin/test");
        for (String command : commands) {
            assertThat(Files.isExecutable(REPOSITORY.resolve(command))).as(command).isTrue();
        }
        // before the install section: the first thing a reader of the repository can run
        assertThat(readme.indexOf("## Try it, test it")).isLessThan(readme.indexOf("## Install"));
    }

    @Test
    void shouldSayOfEveryHowtoWhetherATestRunsIt() throws IOException {
        String tests;
        try (Stream<Path> files = Files.walk(REPOSITORY.resolve("src/test/java"))) {
            StringBuilder all = new StringBuilder();
            // this test reads the pages for what they say, it does not run them
            for (Path file : files.filter(p -> p.toString().endsWith(".java")
                    && !p.getFileName().toString().equals("FirstHourDocsTest.java")).toList()) {
                all.append(Files.readString(file));
            }
            tests = all.toString();
        }
        try (Stream<Path> pages = Files.list(REPOSITORY.resolve("docs/howto"))) {
            for (Path page : pages.sorted().toList()) {
                String name = "docs/howto/" + page.getFileName();
                String text = Files.readString(page);
                boolean run = tests.contains("resolve(\"" + name + "\")");
                Matcher outcome = Pattern.compile("\\*This page's outcome is run by a test on real pools\\* \\(`(\\w+Test)`")
                        .matcher(text);
                if (run) {
                    assertThat(text).as(name).contains("*A test runs this page as written*");
                } else if (outcome.find()) {
                    assertThat(tests).as(name + ": " + outcome.group(1)).contains("class " + outcome.group(1) + " {");
                } else {
                    assertThat(text).as(name).contains("*This page is not run by a test");
                }
            }
        }
    }

    @Test
    void shouldGiveJenkinsAdminsOneAnswerPerQuestion() throws IOException {
        String jenkins = Files.readString(REPOSITORY.resolve("docs/jenkins.md"));
        // the parent POM's enforcer refuses older Maven; Debian 12 has 3.8.7
        assertThat(jenkins).contains("**Maven 3.9.6\nor later**").contains("Debian 12 ships Maven 3.8.7");
        // one user for every agent, what each host needs, where the capability goes for either launcher
        assertThat(jenkins).contains("**Every agent runs as an ordinary user, `jenkins`, never as root**")
                .contains("| `storage-a` (source pool `tank`) | `zfs-source` | `jenkins` |")
                .contains("| `nas-b` (backup pool `backup`) | `zfs-backup` | `jenkins` |")
                .contains("`AmbientCapabilities=CAP_DAC_READ_SEARCH` in its unit")
                .contains("*Prefix Start Agent Command*");
        String guide = Files.readString(REPOSITORY.resolve("docs/guide.md"));
        assertThat(guide).doesNotContain("| `root` for the agent");
    }

    @Test
    void shouldNotMakeTheBackupHostsUserOneDebianAlreadyHas() throws IOException {
        // Debian's base-passwd has backup (uid 34, shell /usr/sbin/nologin): adduser fails on it
        String push = Files.readString(REPOSITORY.resolve("docs/howto/nightly-push.md"));
        assertThat(push).doesNotContain("--group backup\n").doesNotContain("backup@nas-b")
                .contains("adduser --system --shell /bin/sh --group --home /var/lib/zfsr-recv zfsr-recv\n")
                .contains("target-host = zfsr-recv@nas-b\n");
        String restore = Files.readString(REPOSITORY.resolve("docs/howto/restore.md"));
        // the send back needs the send permission the push's grants do not give
        assertThat(restore).contains("zfs allow -u zfsr-recv send backup/storage-a     # on nas-b, once\n")
                .contains("ssh zfsr-recv@nas-b zfs send");
    }
}
