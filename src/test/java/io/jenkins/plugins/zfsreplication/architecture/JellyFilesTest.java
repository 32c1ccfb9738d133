package io.jenkins.plugins.zfsreplication.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Jelly views must escape by default (or every ${...} is an XSS hole) and must not carry inline
 * JavaScript, which Jenkins' Content-Security-Policy blocks. The root build's
 * InjectedTest checks the first rule too, but it cannot run here.
 */
class JellyFilesTest {
    static final String ESCAPE_BY_DEFAULT = "<?jelly escape-by-default='true'?>";

    private static final Map<String, Pattern> INLINE_SCRIPT = Map.of(
            "a <script> element without src", Pattern.compile("<script(?![^>]*\\bsrc\\s*=)[^>]*>", Pattern.CASE_INSENSITIVE),
            "an on... event handler attribute", Pattern.compile("<[^>]*\\son[a-z]+\\s*=", Pattern.CASE_INSENSITIVE),
            "a javascript: URL", Pattern.compile("javascript:", Pattern.CASE_INSENSITIVE));

    /** What is wrong with one jelly file; empty when nothing is. */
    static List<String> problems(String content) {
        List<String> problems = new ArrayList<>();
        if (!content.startsWith(ESCAPE_BY_DEFAULT)) {
            problems.add("does not start with " + ESCAPE_BY_DEFAULT);
        }
        INLINE_SCRIPT.forEach((what, pattern) -> {
            if (pattern.matcher(content).find()) {
                problems.add("contains " + what);
            }
        });
        return problems;
    }

    @Test
    void shouldEscapeByDefaultAndHaveNoInlineScriptInEveryJellyFile() throws IOException {
        Path resources = Path.of(System.getProperty("zfsr.repo.root"), "src", "main", "resources");
        Map<String, List<String>> problemsByFile = new TreeMap<>();
        try (Stream<Path> files = Files.walk(resources)) {
            files.filter(file -> file.toString().endsWith(".jelly"))
                    .forEach(file -> problemsByFile.put(resources.relativize(file).toString(), problems(read(file))));
        }

        assertThat(problemsByFile).containsKey("index.jelly");
        assertThat(problemsByFile).allSatisfy((file, problems) -> assertThat(problems).as(file).isEmpty());
    }

    /**
     * Every form field has its help text beside the form (help for every field). The
     * freestyle builders nest their step's form with f:property, so they need none of their own.
     */
    @Test
    void shouldHaveAHelpFileForEveryFieldOfEveryConfigPage() throws IOException {
        Path resources = Path.of(System.getProperty("zfsr.repo.root"), "src", "main", "resources");
        Pattern entry = Pattern.compile("<f:entry[^>]*\\bfield=\"([A-Za-z]+)\"");
        Map<String, List<String>> missing = new TreeMap<>();
        List<Path> pages;
        try (Stream<Path> files = Files.walk(resources)) {
            pages = files.filter(file -> file.getFileName().toString().equals("config.jelly")).toList();
        }
        for (Path page : pages) {
            List<String> fields = entry.matcher(read(page)).results().map(m -> m.group(1))
                    .filter(field -> !Files.exists(page.resolveSibling("help-" + field + ".html"))).toList();
            missing.put(resources.relativize(page).toString(), fields);
        }

        assertThat(missing).hasSizeGreaterThanOrEqualTo(9);
        assertThat(missing).allSatisfy((page, fields) -> assertThat(fields).as("fields of %s without help", page)
                .isEmpty());
    }

    @Test
    void shouldReportAMissingProcessingInstructionAndEachKindOfInlineScript() {
        assertThat(problems("<div>no instruction</div>")).containsExactly("does not start with " + ESCAPE_BY_DEFAULT);
        assertThat(problems(ESCAPE_BY_DEFAULT + "<script>alert(1)</script>")).containsExactly("contains a <script> element without src");
        assertThat(problems(ESCAPE_BY_DEFAULT + "<button onclick=\"go()\"/>")).containsExactly("contains an on... event handler attribute");
        assertThat(problems(ESCAPE_BY_DEFAULT + "<a href=\"javascript:go()\"/>")).containsExactly("contains a javascript: URL");
        assertThat(problems(ESCAPE_BY_DEFAULT + "<st:adjunct includes=\"x\"/><script src=\"x.js\"/>")).isEmpty();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
    }
}
