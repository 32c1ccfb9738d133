package io.jenkins.plugins.zfsreplication.steps.shared;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * A build running when the controller was upgraded: its program.dat, written by an earlier release
 * of the plugin, must still read back, its step not running, to end as cut by the restart (as a step
 * the same release wrote, {@link ProgramDataTest}), never fail the build's resume with a settings check.
 * The bytes under {@code program-data/VERSION/} are each step of {@link ProgramDataTest#runners()},
 * running, written by each JBoss Marshalling version with the release before the steps' settings
 * were grouped (flat records of up to twelve components); they stay as they are.
 */
class EarlierProgramDataTest {
    static final List<String> versions = RiverVersions.VERSIONS;

    static final List<String> steps = List.of("zfsSnapshotPlan", "zfsSnapshotPlan-pulling", "zfsPrune",
            "zfsSendRecv-tcp", "zfsSendRecv-ssh", "zfsVerify", "zfsCheck", "zfsCheck-pulling", "zfsRestoreDrill",
            "zfsCoverage");

    @ParameterizedTest(name = "JBoss Marshalling {0}")
    @FieldSource("versions")
    void shouldReadAnEarlierReleasesRunningStepsBackAsCutByTheRestart(String version) throws Exception {
        for (String step : steps) {
            byte[] written;
            try (InputStream in = EarlierProgramDataTest.class.getResourceAsStream(
                    "program-data/" + version + "/" + step + ".bin")) {
                assertThat(in).as(step).isNotNull();
                written = in.readAllBytes();
            }
            String functionName = step.split("-")[0];

            Object readBack = RiverVersions.read(version, written);

            assertThat(readBack).as(step).isInstanceOf(ZfsStepExecution.class);
            ZfsStepExecution execution = (ZfsStepExecution) readBack;
            assertThat(execution.blocksRestart()).as(step).isFalse();
            assertThat(execution.getStatus()).as(step)
                    .isEqualTo("not running (never started, or the controller restarted)");
            // onResume fails the step with cutByRestart(functionName) (the context is Jenkins' own)
            assertThat(execution).as(step).extracting("functionName").isEqualTo(functionName);
            assertThat(execution).as(step).extracting("runner").isInstanceOf(StepRunner.class);
            if (step.equals("zfsCheck")) {
                // the fields the class still has come back; the grouped parts the stream lacks are null
                assertThat(execution).extracting("runner.settings.warn", "runner.settings.crit",
                        "runner.settings.datasets", "runner.targetAgent").containsExactly("26h", "50h", null, null);
            }
            if (step.equals("zfsVerify")) {
                assertThat(execution).extracting("runner.settings.target", "runner.settings.name",
                        "runner.settings.compareWith", "runner.settings.failOnMismatch", "runner.settings.hashing",
                        "runner.settings.increment").containsExactly("disk.img", "verify", "source.manifest", true,
                        null, null);
            }
            if (step.equals("zfsCoverage")) {
                assertThat(execution).extracting("runner.settings.root", "runner.settings.manifests",
                        "runner.settings.nights", "runner.settings.warn", "runner.settings.crit",
                        "runner.settings.nightBudget", "runner.settings.drill").containsExactly("backup/copy",
                        "/var/lib/zfs-replication/manifests", 14, "16d", "20d", null, null);
            }
        }
    }
}
