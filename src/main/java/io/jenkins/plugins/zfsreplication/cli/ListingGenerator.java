package io.jenkins.plugins.zfsreplication.cli;

import java.time.Duration;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;

/**
 * Writes listings in the exact formats zfs prints them (tab-separated, -H, -p exact numbers,
 * "-" for no value): {@code zfs list -Hp -t all -o name,type,guid,createtxg,creation,used,referenced,...}
 * and {@code zfs get -Hp -o name,property,value ...}. For the benchmark.
 */
final class ListingGenerator {
    private static final SnapshotNaming NAMING = SnapshotNaming.of("zr");

    private ListingGenerator() {
    }

    static String source(int datasets, int snapshots, boolean listForm) {
        return generate("tank/bench", datasets, snapshots, snapshots, listForm, PlanBenchmark.SOURCE_EXTRAS, "on");
    }

    /** The target holds the older half of each dataset's snapshots, with the source's GUIDs. */
    static String target(int datasets, int snapshots, boolean listForm) {
        return generate("backup/bench", datasets, snapshots, snapshots / 2, listForm, PlanBenchmark.TARGET_EXTRAS, null);
    }

    private static String generate(String root, int datasets, int snapshots, int present, boolean listForm,
                                   List<String> extras, String backup) {
        StringBuilder out = new StringBuilder((int) Math.min(Integer.MAX_VALUE - 16,
                (long) datasets * (present + 1) * (listForm ? 110 : 60L * (6 + extras.size()))));
        Writer writer = new Writer(out, listForm, extras);
        writer.object(root, "filesystem", 7, 1, 1_700_000_000L, "on".equals(backup) ? backup : "-", "-");
        for (int d = 0; d < datasets; d++) {
            String dataset = String.format("%s/d%05d", root, d);
            writer.object(dataset, "filesystem", 1000L + d, 2, 1_700_000_000L, backup == null ? "-" : backup, "-");
            for (int s = 0; s < present; s++) {
                long time = PlanBenchmark.FIRST.plus(Duration.ofHours(s)).getEpochSecond();
                long guid = ((long) d << 32) ^ (s * 0x9E3779B97F4A7C15L) ^ 0x5DEECE66DL;
                writer.object(dataset + "@" + NAMING.name(PlanBenchmark.FIRST.plus(Duration.ofHours(s))), "snapshot",
                        guid, 10L + s, time, backup == null ? "-" : backup, "0");
            }
        }
        return out.toString();
    }

    /** One object in either form; extras: zfs-replication:backup (source only), userrefs, origin. */
    private record Writer(StringBuilder out, boolean listForm, List<String> extras) {
        void object(String name, String type, long guid, long txg, long creation, String backup, String userrefs) {
            String[] properties = {"type", "guid", "createtxg", "creation", "used", "referenced"};
            String[] values = {type, Long.toUnsignedString(guid), Long.toString(txg), Long.toString(creation), "0",
                    "1048576"};
            if (listForm) {
                out.append(name);
                for (String value : values) {
                    out.append('\t').append(value);
                }
                for (String extra : extras) {
                    out.append('\t').append(extraValue(extra, backup, userrefs));
                }
                out.append('\n');
                return;
            }
            for (int i = 0; i < properties.length; i++) {
                out.append(name).append('\t').append(properties[i]).append('\t').append(values[i]).append('\n');
            }
            for (String extra : extras) {
                out.append(name).append('\t').append(extra).append('\t').append(extraValue(extra, backup, userrefs))
                        .append('\n');
            }
        }

        private static String extraValue(String extra, String backup, String userrefs) {
            return switch (extra) {
                case "userrefs" -> userrefs;
                case "origin" -> "-";
                default -> backup;
            };
        }
    }
}
