package io.jenkins.plugins.zfsreplication.steps.views;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import io.jenkins.plugins.zfsreplication.zfs.TestMachine;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The job page's chart script (src/main/webapp/js/zfs-replication-trend.js) draws the model the
 * Java side writes, with the real ECharts (npm package, offline/render), server-side into SVG.
 * Needs {@code node} and {@code npm ci --prefix offline/render} (bin/test runs it); without them the
 * test is skipped with the reason, and fails on a project test machine ({@link TestMachine}), where
 * a skip would hide that the script was never run. The SVG is counted, element by element, against the sample's own numbers.
 */
class TrendChartScriptTest {
    private Path root;
    private Path out;

    @BeforeEach
    void requireNodeAndEcharts() throws IOException {
        root = Path.of(System.getProperty("zfsr.repo.root")).toAbsolutePath().normalize();
        String missing = missingTool(root);
        if (missing != null) {
            throw TestMachine.missing("the chart script test needs " + missing);
        }
        out = Files.createDirectories(Path.of("target", "trend")).toAbsolutePath();
    }

    @Test
    void shouldDrawEveryBuildOfTheSampleWithItsVerdictMark() throws Exception {
        ZfsReplicationTrend sample = TrendFixtures.sample();
        Path model = Files.writeString(out.resolve("trend-model.json"), sample.toJson());

        String svg = render(model, out.resolve("trend.svg"));

        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(svg).startsWith("<svg");
        for (TrendPoint point : sample.getPoints()) {
            soft.assertThat(svg).as("x label of build %d", point.build()).contains(">#" + point.build() + "<");
        }
        soft.assertThat(svg).as("build 45 ran no zfs step").doesNotContain(">#45<");
        soft.assertThat(svg).contains(">bytes sent<", ">throughput<", ">snapshots pruned<", ">coverage<", ">verify<",
                ">100%<");
        // coverage from build 47 on: one line of 8 points (each a symbol) and its legend icon
        soft.assertThat(count(svg, "stroke=\"#59a14f\"")).isGreaterThanOrEqualTo(8 + 1);
        // both axes tick at whole binary units: 0 to 6 GiB sent in steps of 2, 0 to 125 MiB/s in steps of 50
        soft.assertThat(svg).contains(">2.0 GiB<", ">4.0 GiB<", ">6.0 GiB<", ">50.0 MiB/s<", ">100.0 MiB/s<")
                .doesNotContain("953.7");
        // 13 builds: 13 bars of bytes and 13 of pruned snapshots, each plus its legend icon
        soft.assertThat(count(svg, "fill=\"#4e79a7\"")).isEqualTo(13 + 1);
        soft.assertThat(count(svg, "fill=\"#b07aa1\"")).isEqualTo(13 + 1);
        // verdict marks: build 41 hashed only, 49 mismatched, the other 11 identical
        soft.assertThat(count(svg, "fill=\"#9e9e9e\"")).isEqualTo(1);
        soft.assertThat(count(svg, "fill=\"#c62828\"")).isEqualTo(1);
        soft.assertThat(count(svg, "fill=\"#2e7d32\"")).isEqualTo(11);
        soft.assertAll();
    }

    @Test
    void shouldRefuseAModelWhoseSeriesDoNotMatchTheBuilds() throws Exception {
        Path model = Files.writeString(out.resolve("broken-model.json"),
                "{\"format\":1,\"builds\":[1,2],\"bytesSent\":[5],\"throughput\":[1,1],\"snapshotsPruned\":[0,0],"
                        + "\"snapshotsKept\":[0,0],\"verdicts\":[\"NONE\",\"NONE\"],\"differences\":[0,0],"
                        + "\"datasets\":[1,1],\"stepsSkipped\":[0,0],\"stepsFailed\":[0,0]}");
        Path svg = out.resolve("broken.svg");
        Files.deleteIfExists(svg);

        Result result = run(model, svg);

        assertThat(result.exit()).isNotZero();
        assertThat(result.output()).contains("series \"bytesSent\" does not have one value per build");
        assertThat(svg).doesNotExist();
    }

    private record Result(int exit, String output) {
    }

    private String render(Path model, Path svg) throws Exception {
        Result result = run(model, svg);
        assertThat(result.exit()).as(result.output()).isZero();
        return Files.readString(svg, StandardCharsets.UTF_8);
    }

    private Result run(Path model, Path svg) throws Exception {
        Process process = new ProcessBuilder(List.of("node", root.resolve("offline/render/render.js").toString(),
                model.toString(), svg.toString(), "800", "340")).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("node ended").isTrue();
        return new Result(process.exitValue(), output);
    }

    private static int count(String text, String needle) {
        Matcher matcher = Pattern.compile(Pattern.quote(needle)).matcher(text);
        int n = 0;
        while (matcher.find()) {
            n++;
        }
        return n;
    }

    /** Why the script cannot run here, or null when it can. */
    private static String missingTool(Path root) {
        if (!onPath("node")) {
            return "node is not on the PATH: install Debian's nodejs";
        }
        if (!Files.isDirectory(root.resolve("offline/render/node_modules/echarts"))) {
            return "the echarts npm package is not installed: run npm ci --prefix offline/render";
        }
        return null;
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        return path != null && Arrays.stream(path.split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
    }
}
