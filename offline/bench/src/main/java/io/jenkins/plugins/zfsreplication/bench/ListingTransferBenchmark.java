package io.jenkins.plugins.zfsreplication.bench;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Locale;

import io.jenkins.plugins.zfsreplication.zfs.ListingText;

/**
 * What a target's listing costs between two Jenkins agents (bin/bench-listing; not a test): the
 * listing of D datasets x S snapshots in both forms zfs prints, as a target agent hands it over
 * ({@link ListingText}, deflated in Java serialization as remoting sends it): text size, bytes on
 * the wire, time to write and to read back.
 *
 * <p>Arguments: {@code [datasets] [snapshots per dataset]}, default 1000 1000.
 */
public final class ListingTransferBenchmark {
    private ListingTransferBenchmark() {
    }

    public static void main(String[] args) throws IOException, ClassNotFoundException {
        int datasets = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int snapshots = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        for (boolean listForm : new boolean[] {true, false}) {
            for (boolean full : new boolean[] {true, false}) {
                ByteArrayOutputStream generated = new ByteArrayOutputStream();
                if (full) {
                    ListingGenerator.source(datasets, snapshots, listForm, generated);
                } else {
                    ListingGenerator.target(datasets, snapshots, listForm, generated);
                }
                String text = generated.toString(java.nio.charset.StandardCharsets.UTF_8);
                measure(String.format(Locale.ROOT, "%,d x %,d (%s), %s form", datasets, full ? snapshots : snapshots / 2,
                        full ? "every snapshot" : "the target's half", listForm ? "zfs list -Hp" : "zfs get -Hp"),
                        text, () -> ListingText.of("agent:bench", listForm, full ? PlanBenchmark.SOURCE_EXTRAS
                                : PlanBenchmark.TARGET_EXTRAS, text));
            }
        }
    }

    /**
     * Times what the target's agent does (deflate the text as zfs prints it, serialize) and what
     * the source's agent does (deserialize, inflate while parsing), best of three each.
     */
    private static void measure(String what, String text, java.util.function.Supplier<ListingText> deflating)
            throws IOException, ClassNotFoundException {
        long best = Long.MAX_VALUE;
        long bestRead = Long.MAX_VALUE;
        int size = 0;
        for (int run = 0; run < 3; run++) {
            long start = System.nanoTime();
            ListingText listing = deflating.get();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(listing);
            }
            long written = System.nanoTime();
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                ((ListingText) in.readObject()).parse();
            }
            best = Math.min(best, written - start);
            bestRead = Math.min(bestRead, System.nanoTime() - written);
            size = bytes.size();
        }
        System.out.printf(Locale.ROOT, "%s: text %,d bytes, on the wire %,d bytes (%.1f%%), deflate and write %,d ms, "
                + "read and parse %,d ms%n", what, text.length(), size, 100.0 * size / text.length(), best / 1_000_000,
                bestRead / 1_000_000);
    }
}
