package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.coverage.LedgerJson;
import io.jenkins.plugins.zfsreplication.coverage.ManifestStore;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * The night's coverage slice ({@code coverage-nights = N}): each source manifest tonight's verify
 * wrote is kept in a store beside the run directories ({@code RUNS/coverage/manifests}, laid out as
 * the {@code coverage} subcommand reads it, with the snapshot's GUID beside it), then
 * {@code coverage} reads tonight's slice of the copy and matches it with them, so every byte of
 * every retained snapshot of the copy is matched within N nights. The newest ledger is kept as
 * {@code RUNS/coverage/coverage-ledger.json} (a night whose coverage failed does not lose it), and
 * manifests of snapshots the copy no longer holds leave the store.
 */
final class NightCoverage {
    static final String LEDGER = "coverage-ledger.json";

    private final NightVerify.Stages stages;
    private final CliEnvironment environment;
    private final NightConfig config;
    private final Path home;
    private final DatasetName copyRoot;

    NightCoverage(NightVerify.Stages stages, CliEnvironment environment, NightConfig config, Path runs) {
        this.stages = stages;
        this.environment = environment;
        this.config = config;
        this.home = runs.resolve("coverage");
        this.copyRoot = DatasetName.of(config.value("target-root", ""));
    }

    /** Keeps tonight's manifest of {@code dataset}'s source at {@code snapshot}, bound to its GUID. */
    void keep(DatasetPlan dataset, String snapshot, Path manifest) throws IOException {
        Long guid = guid(dataset, snapshot);
        if (guid == null) {
            return; // not sent tonight: no copy of it to match
        }
        store().put(dataset.target().name(), snapshot, guid, manifest);
    }

    private static Long guid(DatasetPlan dataset, String snapshot) {
        for (SendStep step : dataset.steps()) {
            if (step.to().name().equals(snapshot)) {
                return step.to().guid();
            }
        }
        return null;
    }

    /** Tonight's slice into {@code dir}; true when it ran and matched what it read. */
    boolean run(Path dir, Instant now) throws IOException {
        Files.createDirectories(manifests());
        List<String> arguments = new ArrayList<>(List.of("coverage", copyRoot.name(), "--manifests",
                manifests().toString(), "--artifacts", dir.toString(), "--now", now.toString()));
        if (Files.isRegularFile(home.resolve(LEDGER))) {
            arguments.addAll(List.of("--ledger", home.resolve(LEDGER).toString()));
        }
        arguments.addAll(config.arguments("coverage"));
        int status = stages.stage("coverage", arguments, environment);
        Path ledger = dir.resolve(LEDGER);
        if (Files.isRegularFile(ledger)) {
            Files.copy(ledger, home.resolve(LEDGER + ".new"), StandardCopyOption.REPLACE_EXISTING);
            Files.move(home.resolve(LEDGER + ".new"), home.resolve(LEDGER), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
            store().retain(LedgerJson.read(Files.readAllBytes(ledger), ledger.toString()));
        }
        return status == 0;
    }

    /** The ledger check judges the coverage age by, or null before the first slice. */
    Path ledger() {
        return Files.isRegularFile(home.resolve(LEDGER)) ? home.resolve(LEDGER) : null;
    }

    private ManifestStore store() throws IOException {
        return new ManifestStore(Files.createDirectories(manifests()), copyRoot);
    }

    private Path manifests() {
        return home.resolve("manifests");
    }
}
