package io.jenkins.plugins.zfsreplication.steps.check;

import io.jenkins.plugins.zfsreplication.steps.shared.SelectionRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.steps.views.CheckRecord;
import java.io.File;
import java.io.IOException;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import hudson.AbortException;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.check.CheckJson;
import io.jenkins.plugins.zfsreplication.check.CheckStatus;
import io.jenkins.plugins.zfsreplication.check.CheckText;
import io.jenkins.plugins.zfsreplication.check.DatasetFreshness;
import io.jenkins.plugins.zfsreplication.check.FreshnessReport;
import io.jenkins.plugins.zfsreplication.check.FreshnessRun;
import io.jenkins.plugins.zfsreplication.check.SnapshotAge;
import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import jenkins.MasterToSlaveFileCallable;

/** Checks on the agent of the source host: one listing per host, check.json and check.txt into the workspace. */
public final class CheckCallable extends MasterToSlaveFileCallable<CheckCallable.Summary> {
    private static final long serialVersionUID = 1L;
    private final CheckSettings settings;
    private final ListingText targetListing;
    private final Instant now;
    private final SshKey sourceKey; // pulling: the source host's key; null: the agent user's own ssh keys

    /**
     * @param targetListing the target as its own agent listed it; null: list it from here (local or ssh)
     * @param now           the check's time; null: the agent's clock
     * @param sourceKey     with {@code sourceHost}: the key ssh offers there; null for the agent user's own keys
     */
    public CheckCallable(CheckSettings settings, ListingText targetListing, Instant now, SshKey sourceKey) {
        this.settings = settings;
        this.targetListing = targetListing;
        this.now = now;
        this.sourceKey = sourceKey;
    }

    /** One dataset as the build page shows it; ages in seconds, -1 where there is no such snapshot. */
    public record DatasetAges(String source, String status, String reason, long commonAge, String commonSnapshot,
                              long sourceAge, long targetAge) implements Serializable {
        static DatasetAges of(DatasetFreshness dataset) {
            return new DatasetAges(dataset.source().name(), dataset.status().name(), dataset.reason(),
                    age(dataset.newestCommon()), dataset.newestCommon() == null ? null : dataset.newestCommon().name(),
                    age(dataset.newestSource()), age(dataset.newestTarget()));
        }

        private static long age(SnapshotAge age) {
            return age == null ? -1 : age.ageSeconds();
        }
    }

    /** What the build log, the build page and the script see. */
    public record Summary(String status, String firstLine, List<DatasetAges> datasets, List<String> log)
            implements SelectionRunner.Summary {
        @Override
        public List<String> resultLines() {
            return Stream.concat(Stream.of(firstLine), datasets.stream()
                    .map(d -> "zfsCheck: " + d.status() + " " + d.source() + ": " + d.reason())).toList();
        }

        @Override
        public CheckRecord record(String sources, List<String> artifacts) {
            return new CheckRecord(sources, status, firstLine, datasets.stream().map(ages -> new CheckRecord.Dataset(
                    ages.source(), ages.status(), ages.reason(), ages.commonAge(), ages.sourceAge(), ages.targetAge()))
                    .toList(), artifacts);
        }

        public Summary {
            datasets = List.copyOf(datasets);
            log = List.copyOf(log);
        }

        /** The value zfsCheck returns to a Pipeline script. */
        public Map<String, Object> toMap() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("status", status);
            map.put("summary", firstLine);
            map.put("exitStatus", CheckStatus.valueOf(status).exitStatus());
            List<Map<String, Object>> list = new ArrayList<>();
            for (DatasetAges dataset : datasets) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("source", dataset.source());
                entry.put("status", dataset.status());
                entry.put("commonAgeSeconds", dataset.commonAge());
                entry.put("reason", dataset.reason());
                list.add(entry);
            }
            map.put("datasets", list);
            return map;
        }
    }

    public static Summary summary(FreshnessReport report, List<String> log) {
        String text = CheckText.write(report);
        return new Summary(report.status().name(), text.substring(0, text.indexOf('\n')),
                report.datasets().stream().map(DatasetAges::of).toList(), log);
    }

    @Override
    public Summary invoke(File workspace, VirtualChannel channel) throws IOException {
        return settings.source().reach(sourceKey, settings.target().sshHost(), (sourceZfs, targetZfs) -> {
            List<String> log = new ArrayList<>();
            try {
                FreshnessRun run = new FreshnessRun(sourceZfs, targetZfs, settings.options());
                Instant at = now != null ? now : Instant.now();
                FreshnessReport report = targetListing == null ? run.run(at, log::add)
                        : run.run(at, targetListing, log::add);
                AtomicFile.write(workspace.toPath().resolve("check.json"), CheckJson.write(report));
                AtomicFile.write(workspace.toPath().resolve("check.txt"), CheckText.write(report));
                return summary(report, log);
            } catch (ZfsException e) {
                throw new AbortException("zfsCheck: UNKNOWN: " + e.getMessage());
            }
        });
    }
}
