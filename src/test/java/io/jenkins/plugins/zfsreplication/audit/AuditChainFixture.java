package io.jenkins.plugins.zfsreplication.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The artifacts a nightly build archives (plan, prune report, transfer record, a verify report and
 * manifest, a chart), in the formats of docs/formats.md, with the build's own snapshot and GUIDs;
 * the plan by its own writer.
 */
public final class AuditChainFixture {
    private AuditChainFixture() {
    }

    /** The GUID of build {@code n}'s snapshot: distinct per build, above 2^63 to need all 64 bits. */
    static String guid(int n) {
        return Long.toUnsignedString(0x8000_0000_0000_0000L + n * 1_000_003L);
    }

    static String snapshot(int n) {
        return String.format("zr-202611%02dT000000Z", n);
    }

    /** Writes build {@code n}'s artifacts into {@code directory}, created if needed. */
    public static Path artifacts(Path directory, int n) throws IOException {
        Files.createDirectories(directory.resolve("charts"));
        String from = snapshot(n - 1);
        String fromGuid = guid(n - 1);
        boolean full = n == 1;
        SnapshotRef base = full ? null : new SnapshotRef(from, Long.parseUnsignedLong(fromGuid), 1, 1);
        SnapshotRef to = new SnapshotRef(snapshot(n), Long.parseUnsignedLong(guid(n)), 100 + n, 1795996800);
        DatasetName source = DatasetName.of("tank/home");
        DatasetName target = DatasetName.of("backup/home");
        SendStep step = new SendStep(source, target, full ? SendKind.FULL : SendKind.INCREMENTAL, base, to, null, false, -1);
        PlanJson.write(new ReplicationPlan(Instant.parse("2026-11-%02dT00:00:00Z".formatted(n)), "local", "backup@nas",
                List.of(new DatasetPlan(source, target, DatasetAction.SEND, "planned", List.of(step), null))),
                directory.resolve("plan.json"));
        Files.writeString(directory.resolve("prune-report.json"), """
                { "format" : 1, "kind" : "zfs-replication-prune-report", "dryRun" : %s,
                  "candidates" : [ { "side" : "target", "host" : "local", "dataset" : "backup/home",
                    "snapshot" : "%s", "guid" : "%s", "decision" : "KEEP", "destroyed" : false } ],
                  "errors" : [ ] }
                """.formatted(n % 2 == 0, snapshot(n), guid(n)));
        Files.writeString(directory.resolve("transfer.json"), """
                { "format" : 1, "kind" : "zfs-replication-transfer", "result" : "%s", "bytes" : %d,
                  "steps" : [ { "dataset" : "tank/home", "target" : "backup/home", "kind" : "%s",
                    "from" : %s, "fromGuid" : %s, "to" : "%s", "toGuid" : "%s", "result" : "ok" } ] }
                """.formatted(n == 3 ? "failed" : "ok", 1000 * n, full ? "FULL" : "INCREMENTAL",
                full ? "null" : "\"" + from + "\"", full ? "null" : "\"" + fromGuid + "\"", snapshot(n), guid(n)));
        Files.writeString(directory.resolve("target-report.json"), """
                { "format" : 1, "tool" : "zfs-replication 0.1.0", "target" : "backup/home@%s",
                  "manifest" : "target.manifest", "totals" : { "files" : 1 },
                  "comparison" : { "identical" : %s, "summary" : "compare" } }
                """.formatted(snapshot(n), n != 2));
        Files.writeString(directory.resolve("target.manifest"), "# zfs-replication checksum manifest\n# build " + n + "\n");
        Files.writeString(directory.resolve("charts/throughput.svg"), "<svg>" + n + "</svg>\n");
        return directory;
    }

    /** The SHA-256 of a file as sha256sum prints it: the oracle the audit's hashes are checked against. */
    public static String sha256sum(Path file) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("sha256sum", "--", file.toString()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        return out.substring(0, 64);
    }

    public static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
