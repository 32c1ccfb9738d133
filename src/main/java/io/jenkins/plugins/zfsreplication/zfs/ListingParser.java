package io.jenkins.plugins.zfsreplication.zfs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Parses the two forms of one-call listing: {@code zfs list -Hp -o name,<properties>} (one
 * tab-separated line per object, modern OpenZFS) and {@code zfs get -Hp -o name,property,value
 * <properties>} (one line per object and property, every ZFS).
 *
 * <p>Built for ten million snapshots (docs/benchmarks.md): the output is read as a stream of
 * bytes, cut into blocks of whole lines ({@link LineBlocks}; in the get form of whole objects)
 * and the blocks are parsed in parallel ({@link BlockParser}) and joined in zfs's order. The
 * output never becomes one string, and snapshots go straight into columns.
 */
final class ListingParser {
    /** The properties every listing asks for, in this order, after the name. */
    static final List<String> CORE_PROPERTIES =
            List.of("type", "guid", "createtxg", "creation", "used", "referenced");
    /** Bytes per block: big enough that a block is mostly whole datasets, small enough to keep a few in flight. */
    static final int BLOCK = 4 << 20;
    /**
     * The most objects one listing holds: twice the largest benchmarked (15 million, 1.5 GiB of heap,
     * docs/benchmarks.md). A host that lists more (a broken or compromised one printing without end)
     * fails the listing with a clear error instead of the JVM running out of memory.
     */
    static final int MAX_OBJECTS = 30_000_000;

    private final List<String> extraProperties;
    private final List<String> allProperties;
    private final byte[][] propertyBytes;
    private final Map<String, Integer> columnOf = new HashMap<>();
    private final int blockSize;

    ListingParser(List<String> extraProperties) {
        this(extraProperties, BLOCK);
    }

    /** With another block size: tests use small blocks to cut their listings in many places. */
    ListingParser(List<String> extraProperties, int blockSize) {
        this.extraProperties = List.copyOf(extraProperties);
        this.allProperties = new ArrayList<>(CORE_PROPERTIES);
        allProperties.addAll(extraProperties);
        this.propertyBytes = new byte[allProperties.size()][];
        for (int i = 0; i < allProperties.size(); i++) {
            columnOf.put(allProperties.get(i), i);
            propertyBytes[i] = allProperties.get(i).getBytes(StandardCharsets.UTF_8);
        }
        this.blockSize = blockSize;
    }

    /** The properties to ask zfs for, core first, as the argument of -o or of zfs get. */
    String propertyList() {
        return String.join(",", allProperties);
    }

    List<String> extraProperties() {
        return extraProperties;
    }

    int columns() {
        return allProperties.size();
    }

    byte[] propertyBytes(int column) {
        return propertyBytes[column];
    }

    Integer columnOf(String property) {
        return columnOf.get(property);
    }

    /** Parses {@code zfs list -Hp} output held in a string. */
    List<ZfsObject> parseList(String output) {
        return read("local", bytes(output), true).objects();
    }

    /** Parses {@code zfs get -Hp} output held in a string. */
    List<ZfsObject> parseGet(String output) {
        return read("local", bytes(output), false).objects();
    }

    private static InputStream bytes(String output) {
        return new ByteArrayInputStream(output.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Reads a listing to the end of {@code output} (UTF-8, as zfs prints it). A listing of one
     * block is parsed on this thread; a bigger one on one thread per core while this one reads.
     */
    Listing read(String host, InputStream output, boolean listForm) {
        try {
            LineBlocks blocks = new LineBlocks(output, blockSize, !listForm);
            LineBlocks.Block first = blocks.next();
            LineBlocks.Block second = first == null ? null : blocks.next();
            ListingAssembler listing = first == null ? new ListingAssembler() : parse(first, listForm);
            if (second != null) {
                merge(listing, parse(second, listForm), host);
                readInParallel(blocks, listForm, listing, host);
            }
            return listing.build(host);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void readInParallel(LineBlocks blocks, boolean listForm, ListingAssembler listing, String host)
            throws IOException {
        int threads = Runtime.getRuntime().availableProcessors();
        ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, "zfs-listing-parser");
            thread.setDaemon(true);
            return thread;
        });
        try {
            Deque<Future<ListingAssembler>> pending = new ArrayDeque<>();
            for (LineBlocks.Block block = blocks.next(); block != null; block = blocks.next()) {
                LineBlocks.Block next = block;
                pending.add(pool.submit(() -> {
                    ListingAssembler part = parse(next, listForm);
                    blocks.recycle(next); // the part holds copies of what it needs from the block
                    return part;
                }));
                while (pending.size() > threads + 1) {
                    merge(listing, take(pending.removeFirst()), host);
                }
            }
            while (!pending.isEmpty()) {
                merge(listing, take(pending.removeFirst()), host);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void merge(ListingAssembler listing, ListingAssembler part, String host) {
        listing.merge(part);
        if (listing.count() > MAX_OBJECTS) {
            throw new BoundedOutput.OutputLimitException("The zfs listing of %s holds more than %,d objects: more than "
                    + "this tool plans with; it was not used (a broken or compromised host?)", host, MAX_OBJECTS);
        }
    }

    private static ListingAssembler take(Future<ListingAssembler> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ZfsException(e, "Interrupted while reading a zfs listing");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new ZfsException(e.getCause(), "Cannot read the zfs listing: %s", e.getCause());
        }
    }

    private ListingAssembler parse(LineBlocks.Block block, boolean listForm) {
        BlockParser parser = new BlockParser(this, block.bytes(), block.length());
        return listForm ? parser.parseList() : parser.parseGet();
    }
}
