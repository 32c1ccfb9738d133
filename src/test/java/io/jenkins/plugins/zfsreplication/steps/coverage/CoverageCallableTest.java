package io.jenkins.plugins.zfsreplication.steps.coverage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import hudson.AbortException;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.steps.coverage.CoverageSettings.Budget;
import io.jenkins.plugins.zfsreplication.steps.coverage.CoverageSettings.Drill;
import io.jenkins.plugins.zfsreplication.steps.shared.RoundTrip;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * zfsCoverage's work on the agent, called as remoting calls it (the callable and its settings
 * serialized, then invoked on a workspace): on zfs-fuse, a copy read in two nights within a budget,
 * the second building on the first's ledger where the controller put it; and the settings checked
 * on the controller with the engine's messages.
 */
@ExtendWith(ZfsTestBed.class)
class CoverageCallableTest {
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @TempDir
    Path workspace;

    @Test
    void shouldReadTheCopyASliceANightBuildingOnTheLedgerTheControllerCopied(TestPools pools) throws Exception {
        DatasetName source = pools.create("wsrc").resolve("data");
        DatasetName copy = pools.create("wdst").resolve("copy");
        pools.exec("zfs", "create", "-o", "compression=off", source.name());
        pools.exec("zfs", "create", copy.name());
        Random random = new Random(9);
        for (int i = 0; i < 4; i++) {
            byte[] data = new byte[1 << 20];
            random.nextBytes(data);
            pools.write(source, "f" + i, data);
        }
        pools.exec("zfs", "snapshot", source + "@s1");
        pools.pipe(List.of("zfs", "send", source + "@s1"), List.of("zfs", "recv", copy + "/data"));
        Path store = Files.createDirectories(workspace.resolve("manifests/data"));
        new io.jenkins.plugins.zfsreplication.verify.Verifier(io.jenkins.plugins.zfsreplication.verify.VerifyOptions
                .defaults(), 1000, null).verifySnapshot(source + "@s1", new io.jenkins.plugins.zfsreplication.verify
                .ZfsCloneMounter(pools.runner(), line -> { }), store.resolve("s1.manifest"), null);
        Files.writeString(store.resolve("s1.guid"), pools.exec("zfs", "get", "-Hp", "-o", "value", "guid",
                source + "@s1").stdout());
        CoverageSettings settings = new CoverageSettings(copy.name(), "manifests", 7, new Budget("2M", null),
                Drill.NONE, null, null);

        CoverageCallable.Outcome first = new CoverageCallable(RoundTrip.of(settings), false, listener())
                .invoke(workspace.toFile(), null);
        Files.copy(workspace.resolve("coverage-ledger.json"), workspace.resolve(CoverageCallable.PREVIOUS));
        CoverageCallable.Outcome second = new CoverageCallable(RoundTrip.of(settings), true, listener())
                .invoke(workspace.toFile(), null);

        assertThat(first.figures().checkedBytes()).isEqualTo(2 << 20);
        assertThat(first.figures().ratio()).isEqualTo(0.5);
        assertThat(first.verdict()).isEqualTo(io.jenkins.plugins.zfsreplication.coverage.NightReport.Verdict.MATCHED);
        assertThat(second.figures().checkedBytes()).isEqualTo(2 << 20);
        assertThat(second.figures().ratio()).isEqualTo(1.0);
        assertThat(second.status()).isEqualTo(io.jenkins.plugins.zfsreplication.check.CheckStatus.OK);
        assertThat(second.datasets()).extracting(CoverageCallable.Dataset::dataset, CoverageCallable.Dataset::status)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(copy + "/data", io.jenkins.plugins.zfsreplication.check.CheckStatus.OK));
        assertThat(Files.readString(workspace.resolve("coverage-ledger.json"))).contains("\"previous\" : {");
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("zfsCoverage: tonight's slice: 2097152 bytes of 4194304");
    }

    @Test
    void shouldCheckTheSettingsOnTheControllerWithTheEnginesMessages() throws Exception {
        assertThatThrownBy(() -> new CoverageSettings("backup/copy", "m", 0, Budget.NONE, Drill.NONE, null, null))
                .hasMessage("--nights 0 out of range: give 1 to 3660 nights");
        assertThatThrownBy(() -> new CoverageSettings("backup/copy", "m", 7, new Budget("lots", null), Drill.NONE, null,
                null))
                .hasMessageContaining("lots");
        assertThatThrownBy(() -> new CoverageSettings("backup/copy", "m", 7, new Budget(null, "2q"), Drill.NONE, null,
                null))
                .hasMessageContaining("Invalid age '2q'");
        assertThatThrownBy(() -> new CoverageSettings("backup/copy", "m", 7, Budget.NONE, new Drill("pool", 0), null,
                null))
                .hasMessage("The drill's scratch dataset pool is a pool: name a dataset inside one");
        assertThatThrownBy(() -> new CoverageSettings("backup/copy", "m", 7, Budget.NONE, Drill.NONE, "9d", "8d"))
                .hasMessageContaining("give warn below crit");
        assertThatThrownBy(() -> new CoverageSettings(" ", "m", 7, Budget.NONE, Drill.NONE, null, null))
                .hasMessageContaining("needs the copy's root dataset");
        CoverageSettings settings = new CoverageSettings("backup/copy", "/var/lib/manifests", 7, new Budget("1G", "2h"),
                new Drill("backup/drill", 3), null, null);
        assertThat(RoundTrip.of(settings)).isEqualTo(settings);
        assertThat(settings.thresholds().warnSeconds("backup/copy/x")).isEqualTo(8 * 86_400);
    }

    @Test
    void shouldFailWithOneLineWhenTheStoreIsMissing(TestPools pools) {
        DatasetName copy = pools.create("wmis");
        CoverageSettings settings = new CoverageSettings(copy.name(), "no-such-store", 7, Budget.NONE, Drill.NONE, null,
                null);

        assertThatThrownBy(() -> new CoverageCallable(settings, false, listener()).invoke(workspace.toFile(), null))
                .isInstanceOf(AbortException.class)
                .hasMessage("zfsCoverage: The manifest store " + workspace.resolve("no-such-store") + " is not a directory");
    }

    private TaskListener listener() {
        PrintStream stream = new PrintStream(log, true, StandardCharsets.UTF_8);
        return () -> stream;
    }
}
