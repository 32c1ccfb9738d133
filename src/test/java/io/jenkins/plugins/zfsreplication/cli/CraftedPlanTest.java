package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.RecordingRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Plans edited by someone who wants {@code run} to roll back or overwrite what the plan was not
 * made for: each is refused with one line naming the problem, exit status 2, and no command runs.
 * The crafts start from a plan the planner could have made: tank/home -> backup/home, with a
 * child whose target was diverged and may be rolled back.
 */
class CraftedPlanTest {
    private static final DatasetName HOME = DatasetName.of("tank/home");
    private static final DatasetName DOCS = DatasetName.of("tank/home/docs");
    private static final SnapshotRef S1 = new SnapshotRef("zr-20261128T000000Z", 9_165_386_163_990_753_808L, 100,
            1_795_910_400L);
    private static final SnapshotRef S2 = new SnapshotRef("zr-20261129T000000Z", 4_242L, 200, 1_795_996_800L);

    @TempDir
    Path dir;

    static String validPlan() {
        DatasetName home = DatasetName.of("backup/home");
        DatasetName docs = DatasetName.of("backup/home/docs");
        return PlanJson.write(new ReplicationPlan(Instant.parse("2026-11-29T12:00:00Z"), "local", "local", List.of(HOME),
                home, List.of(
                        new DatasetPlan(HOME, home, DatasetAction.SEND, "new target", List.of(
                                new SendStep(HOME, home, SendKind.FULL, null, S1, null, false, -1),
                                new SendStep(HOME, home, SendKind.INCREMENTAL, S1, S2, null, false, -1))),
                        new DatasetPlan(DOCS, docs, DatasetAction.SEND, "diverged, rollback allowed", List.of(
                                new SendStep(DOCS, docs, SendKind.INCREMENTAL, S1, S2, null, true, -1))))));
    }

    static Stream<Arguments> crafts() {
        String valid = validPlan();
        return Stream.of(
                Arguments.of("a dataset and its steps aimed outside the target root",
                        valid.replace("\"backup/home/docs\"", "\"tank/important\""), List.of(),
                        "The target tank/important of tank/home/docs lies outside the plan's target root backup/home"),
                Arguments.of("the target root widened to the pool, run told the root it expects",
                        valid.replace("\"targetRoot\" : \"backup/home\"", "\"targetRoot\" : \"backup\""),
                        List.of("--target-root", "backup/home"),
                        "%s was made for the target root backup, not backup/home: nothing was run"),
                Arguments.of("a step aimed at another dataset than its own",
                        valid.replaceFirst("(\"steps\" : \\[ \\{\\s*\"source\" : \"tank/home/docs\",\\s*\"target\" : )"
                                + "\"backup/home/docs\"", "$1\"backup/home\""), List.of(),
                        "Step 1 of tank/home/docs -> backup/home/docs sends tank/home/docs -> backup/home: a step sends "
                                + "its own dataset"),
                Arguments.of("a step sending another source than its dataset's",
                        valid.replaceFirst("(\"steps\" : \\[ \\{\\s*\"source\" : )\"tank/home\"", "$1\"tank/secret\""),
                        List.of(), "Step 1 of tank/home -> backup/home sends tank/secret -> backup/home: a step sends "
                                + "its own dataset"),
                Arguments.of("a source outside the source roots",
                        valid.replace("\"tank/home/docs\"", "\"tank/secret\""), List.of(),
                        "The source tank/secret lies under none of the plan's source roots [tank/home]"),
                Arguments.of("two datasets landing on one target",
                        valid.replace("\"backup/home/docs\"", "\"backup/home\""), List.of(),
                        "Both tank/home and tank/home/docs are planned to land on backup/home"),
                Arguments.of("GUID 0 to switch off the stale-plan check",
                        valid.replace("\"4242\"", "\"0\""), List.of(), "\"to.guid\" is 0, which is no snapshot's GUID"),
                Arguments.of("GUID 0 on the base",
                        valid.replaceFirst("(\"from\" : \\{\\s*\"name\" : \"zr-20261128T000000Z\",\\s*\"guid\" : )"
                                + "\"9165386163990753808\"", "$1\"0\""), List.of(),
                        "\"from.guid\" is 0, which is no snapshot's GUID"),
                Arguments.of("a key given twice, the second one aimed elsewhere",
                        valid.replace("\"targetRoot\" : \"backup/home\"",
                                "\"targetRoot\" : \"backup/home\", \"targetRoot\" : \"tank\""), List.of(),
                        "DUPLICATE"),
                Arguments.of("a rollback smuggled onto a later step",
                        valid.replaceFirst("\"rollback\" : false,\\s*\"estimatedBytes\" : -1\\s*\\} \\]",
                                "\"rollback\" : true, \"estimatedBytes\" : -1 } ]"), List.of(),
                        "Step 2 of tank/home rolls the target back: only a dataset's first step may"),
                Arguments.of("a resume token that is not one",
                        valid.replaceFirst("(?s)\"kind\" : \"FULL\",(.*?)\"resumeToken\" : null",
                                "\"kind\" : \"RESUME\",$1\"resumeToken\" : \"-o;rm -rf /\""), List.of(),
                        "field \"resumeToken\" is not a zfs resume token (letters, digits and '-')"),
                Arguments.of("no target root (a format 1 plan)",
                        valid.replace("\"format\" : 2", "\"format\" : 1"), List.of(),
                        "FORMAT"),
                Arguments.of("the target root left out",
                        valid.replace("\"targetRoot\" : \"backup/home\",", ""), List.of(),
                        "field \"targetRoot\" is missing or not a string"),
                Arguments.of("no source root",
                        valid.replace("\"sourceRoots\" : [ \"tank/home\" ]", "\"sourceRoots\" : [ ]"), List.of(),
                        "The plan names no source root"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("crafts")
    void shouldRefuseTheCraftedPlanWithOneLineAndRunNothing(String craft, String json, List<String> options,
                                                             String problem) throws IOException {
        assertThat(json).as("the craft changed the plan").isNotEqualTo(validPlan());
        Path plan = Files.writeString(dir.resolve("plan.json"), json);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        RecordingRunner runner = new RecordingRunner(new ProcessCommandRunner());
        CliEnvironment environment = new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true));
        List<String> arguments = new java.util.ArrayList<>(List.of("run", plan.toString(), "--artifacts", dir.toString()));
        arguments.addAll(options);

        int status = Main.run(environment, arguments.toArray(String[]::new));

        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: " + expected(plan, problem) + System.lineSeparator());
        assertThat(out.toString()).isEmpty();
        assertThat(runner.commands()).isEmpty();
        assertThat(dir.resolve("transfer.json")).doesNotExist();
    }

    @org.junit.jupiter.api.Test
    void shouldReadThePlanTheCraftsStartFrom() {
        ReplicationPlan plan = PlanJson.read(validPlan(), "plan.json");

        assertThat(plan.targetRoot()).isEqualTo(DatasetName.of("backup/home"));
        assertThat(plan.steps()).hasSize(3);
        assertThat(PlanJson.write(plan)).isEqualTo(validPlan());
    }

    private static String expected(Path plan, String problem) {
        return switch (problem) {
            case "DUPLICATE" -> plan + " is not valid JSON: Duplicate field 'targetRoot'";
            case "FORMAT" -> plan + " has plan format 1; this version reads format 2: make the plan again with this version";
            default -> problem.startsWith("%s") ? String.format(problem, plan) : plan + " is not a valid plan: " + problem;
        };
    }
}
