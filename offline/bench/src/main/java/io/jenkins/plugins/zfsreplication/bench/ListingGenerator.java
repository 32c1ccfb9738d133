package io.jenkins.plugins.zfsreplication.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;

/**
 * Writes listings in the exact formats zfs prints them (tab-separated, -H, -p exact numbers,
 * "-" for no value): {@code zfs list -Hp -t all -o name,type,guid,createtxg,creation,used,referenced,...}
 * and {@code zfs get -Hp -o name,property,value ...}. For the benchmark: to a stream (a file), as
 * zfs writes to its pipe, because the get form of ten million snapshots is past what one string holds.
 */
final class ListingGenerator {
    private static final SnapshotNaming NAMING = SnapshotNaming.of("zr");

    private ListingGenerator() {
    }

    static void source(int datasets, int snapshots, boolean listForm, OutputStream out) throws IOException {
        generate("tank/bench", datasets, snapshots, snapshots, new Writer(out, listForm, PlanBenchmark.SOURCE_EXTRAS),
                "on");
    }

    /** The target holds the older half of each dataset's snapshots, with the source's GUIDs. */
    static void target(int datasets, int snapshots, boolean listForm, OutputStream out) throws IOException {
        generate("backup/bench", datasets, snapshots, snapshots / 2,
                new Writer(out, listForm, PlanBenchmark.TARGET_EXTRAS), null);
    }

    private static void generate(String root, int datasets, int snapshots, int present, Writer writer, String backup)
            throws IOException {
        String[] names = new String[present];
        for (int s = 0; s < present; s++) {
            names[s] = NAMING.name(PlanBenchmark.FIRST.plus(Duration.ofHours(s)));
        }
        writer.object(root, "filesystem", 7, 1, 1_700_000_000L, "on".equals(backup) ? backup : "-", "-");
        for (int d = 0; d < datasets; d++) {
            String dataset = String.format("%s/d%05d", root, d);
            writer.object(dataset, "filesystem", 1000L + d, 2, 1_700_000_000L, backup == null ? "-" : backup, "-");
            for (int s = 0; s < present; s++) {
                long time = PlanBenchmark.FIRST.getEpochSecond() + 3600L * s;
                long guid = ((long) d << 32) ^ (s * 0x9E3779B97F4A7C15L) ^ 0x5DEECE66DL;
                writer.object(dataset + "@" + names[s], "snapshot", guid, 10L + s, time, backup == null ? "-" : backup,
                        "0");
            }
        }
        writer.flush();
    }

    /** One object in either form; extras: zfs-replication:backup (source only), userrefs, origin. */
    private static final class Writer {
        private static final String[] PROPERTIES = {"type", "guid", "createtxg", "creation", "used", "referenced"};
        private final OutputStream out;
        private final boolean listForm;
        private final List<String> extras;
        private final StringBuilder text = new StringBuilder(1 << 16);

        Writer(OutputStream out, boolean listForm, List<String> extras) {
            this.out = out;
            this.listForm = listForm;
            this.extras = extras;
        }

        void object(String name, String type, long guid, long txg, long creation, String backup, String userrefs)
                throws IOException {
            String[] values = {type, Long.toUnsignedString(guid), Long.toString(txg), Long.toString(creation), "0",
                "1048576"};
            if (listForm) {
                text.append(name);
                for (String value : values) {
                    text.append('\t').append(value);
                }
                for (String extra : extras) {
                    text.append('\t').append(extraValue(extra, backup, userrefs));
                }
                text.append('\n');
            } else {
                for (int i = 0; i < PROPERTIES.length; i++) {
                    text.append(name).append('\t').append(PROPERTIES[i]).append('\t').append(values[i]).append('\n');
                }
                for (String extra : extras) {
                    text.append(name).append('\t').append(extra).append('\t').append(extraValue(extra, backup, userrefs))
                            .append('\n');
                }
            }
            if (text.length() > 60_000) {
                flush();
            }
        }

        void flush() throws IOException {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
            text.setLength(0);
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
