package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.verify.CopyCheck;
import io.jenkins.plugins.zfsreplication.verify.CopyFinding;
import io.jenkins.plugins.zfsreplication.verify.SnapshotDelta;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A seeded simulation of a source and its copy, the zfs layer of a night of coverage replaced: files
 * are lists of blocks (a block is a number, its bytes a function of it), a snapshot holds the
 * blocks its files had, the copy's snapshots hold the same blocks as the source's (unless damaged
 * on purpose), and the source's manifests are real files in a real manifest store, written as
 * verify writes them. The copy answers as ZFS would: a chunk whose block did not change between two
 * snapshots is listed as unchanged, a read of a corrupt block fails. Every block read is recorded,
 * with the night, so that an oracle can check what the ledger claims against what was read.
 */
final class SimulatedCopy implements CoverageHost {
    static final long CHUNK = 4096;
    static final DatasetName ROOT = DatasetName.of("sim/copy");

    /** A file: its size and the block of each chunk. */
    record File(long size, List<Long> blocks) {
    }

    /** A snapshot: source and copy files (the same unless the copy was damaged), its GUIDs and txg. */
    record Snap(String dataset, String name, String sourceGuid, String copyGuid, long createtxg,
                TreeMap<String, File> source, TreeMap<String, File> copy) {
    }

    private final Path store;
    private final Map<String, List<Snap>> retained = new TreeMap<>();
    private long nextBlock = 1;
    private long nextTxg = 1;
    private long nextGuid = 1_000_000;
    /** Physical blocks the copy's device can no longer read, and since when. */
    final Map<Long, Instant> corrupt = new HashMap<>();
    /** Per physical block of the copy ({@link #physical}), the last night it was read and found good. */
    final Map<Long, Instant> lastGoodRead = new HashMap<>();
    /**
     * Where the copy keeps a block's bytes: the block's own number until the copy is received again,
     * then new ones (the same bytes in new blocks: what was read of the old ones says nothing of them).
     */
    private final Map<Long, Long> physical = new HashMap<>();
    private long nextPhysical = 1L << 40;
    Instant now;

    SimulatedCopy(Path store) {
        this.store = store;
    }

    long newBlock() {
        return nextBlock++;
    }

    /** A snapshot of the dataset's {@code live} files, on both sides, with its manifest in the store. */
    Snap snapshot(String dataset, String name, TreeMap<String, File> live) {
        String guid = Long.toString(nextGuid++);
        Snap snap = new Snap(dataset, name, guid, guid, nextTxg++, new TreeMap<>(live), new TreeMap<>(live));
        retained.computeIfAbsent(dataset, d -> new ArrayList<>()).add(snap);
        writeManifest(snap);
        return snap;
    }

    /**
     * On the copy: a snapshot of the newest one's files with one chunk's block replaced, its own GUID,
     * under a name the source also snapshots (with the genuine files): the copy made writable and changed.
     */
    Snap tamper(String dataset, String name, TreeMap<String, File> sourceLive, String path, int chunk) {
        List<Snap> snaps = retained.get(dataset);
        TreeMap<String, File> copy = new TreeMap<>(snaps.get(snaps.size() - 1).copy());
        File file = copy.get(path);
        List<Long> blocks = new ArrayList<>(file.blocks());
        blocks.set(chunk, newBlock());
        copy.put(path, new File(file.size(), blocks));
        Snap snap = new Snap(dataset, name, Long.toString(nextGuid++), Long.toString(nextGuid++), nextTxg++,
                new TreeMap<>(sourceLive), copy);
        snaps.add(snap);
        writeManifest(snap);
        return snap;
    }

    /** The copy's physical block holding {@code block}'s bytes. */
    long physical(long block) {
        return physical.getOrDefault(block, block);
    }

    /**
     * The copy of {@code dataset} rolled back to its snapshot {@code keep} (-1: destroyed whole) and the
     * later snapshots received again: the same names and GUIDs, new createtxgs, their blocks not shared
     * with a kept snapshot in new physical blocks (healed if they were corrupt). Returns the blocks
     * written anew.
     */
    Set<Long> receiveAgain(String dataset, int keep) {
        List<Snap> snaps = retained.get(dataset);
        Set<Long> kept = new HashSet<>();
        for (int i = 0; i <= keep; i++) {
            kept.addAll(blocksOf(snaps.get(i)));
        }
        Set<Long> written = new HashSet<>();
        for (int i = keep + 1; i < snaps.size(); i++) {
            Snap s = snaps.get(i);
            snaps.set(i, new Snap(s.dataset(), s.name(), s.sourceGuid(), s.copyGuid(), nextTxg++, s.source(), s.copy()));
            for (long block : blocksOf(s)) {
                if (!kept.contains(block) && written.add(block)) {
                    corrupt.remove(physical(block));
                    physical.put(block, nextPhysical++);
                }
            }
        }
        return written;
    }

    /** Destroys a retained snapshot of the copy (a prune). */
    void destroy(Snap snap) {
        retained.get(snap.dataset()).remove(snap);
    }

    List<Snap> retained(String dataset) {
        return retained.getOrDefault(dataset, List.of());
    }

    Map<String, List<Snap>> all() {
        return retained;
    }

    @Override
    public String host() {
        return "simulated";
    }

    @Override
    public List<CopySnapshot> snapshots(DatasetName root) {
        List<CopySnapshot> snapshots = new ArrayList<>();
        retained.forEach((dataset, snaps) -> snaps.forEach(s -> snapshots.add(new CopySnapshot(dataset, s.name(),
                s.copyGuid(), s.createtxg(), false))));
        return snapshots;
    }

    /** What zfs diff and zfs send -i would say: a chunk whose block is the same in both snapshots, at the same path, did not change. */
    @Override
    public SnapshotDelta.Result delta(CopySnapshot earlier, Path earlierManifest, CopySnapshot later, Path laterManifest) {
        Snap before = find(earlier);
        Snap after = find(later);
        Map<String, Long> earlierFirst = ordinals(before.source());
        List<SnapshotDelta.Piece> pieces = new ArrayList<>();
        long ordinal = 0;
        for (Map.Entry<String, File> entry : after.source().entrySet()) {
            File source = entry.getValue();
            File copy = after.copy().get(entry.getKey());
            File copyBefore = before.copy().get(entry.getKey());
            File sourceBefore = before.source().get(entry.getKey());
            for (int i = 0; i < source.blocks().size(); i++) {
                boolean same = copy != null && copyBefore != null && sourceBefore != null
                        && copyBefore.size() == copy.size() && i < copyBefore.blocks().size()
                        && copyBefore.blocks().get(i).equals(copy.blocks().get(i))
                        && sourceBefore.blocks().size() > i && sourceBefore.blocks().get(i).equals(source.blocks().get(i));
                add(pieces, ordinal++, length(source, i), same ? earlierFirst.get(entry.getKey()) + i : -1);
            }
        }
        return new SnapshotDelta.Result(pieces, List.of(), null);
    }

    private static void add(List<SnapshotDelta.Piece> pieces, long ordinal, long length, long earlier) {
        int last = pieces.size() - 1;
        if (last >= 0) {
            SnapshotDelta.Piece p = pieces.get(last);
            boolean joins = p.to() == ordinal && (earlier < 0 ? !p.inherited()
                    : p.inherited() && p.earlierFrom() + (p.to() - p.from()) == earlier);
            if (joins) {
                pieces.set(last, new SnapshotDelta.Piece(p.from(), ordinal + 1, p.bytes() + length, p.earlierFrom()));
                return;
            }
        }
        pieces.add(new SnapshotDelta.Piece(ordinal, ordinal + 1, length, earlier));
    }

    @Override
    public CopyCheck.Result check(CopySnapshot snapshot, Path manifest, List<CopyCheck.Range> ranges, boolean listing,
                                  long deadlineNanos) {
        Snap snap = find(snapshot);
        List<String> paths = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        snap.source().forEach((path, file) -> {
            for (int i = 0; i < file.blocks().size(); i++) {
                paths.add(path);
                indexes.add(i);
            }
        });
        List<CopyCheck.Run> runs = new ArrayList<>();
        List<CopyFinding> findings = new ArrayList<>();
        long checked = 0;
        for (CopyCheck.Range range : ranges) {
            long used = 0;
            int start = runs.size();
            for (long o = range.from(); o < range.to(); o++) {
                String path = paths.get((int) o);
                int i = indexes.get((int) o);
                long length = length(snap.source().get(path), i);
                if (used + length > range.maxBytes()) {
                    break;
                }
                used += length;
                CopyCheck.State state = read(snap, path, i, findings);
                extend(runs, start, o, length, state);
            }
            checked += used;
        }
        return new CopyCheck.Result(runs, findings, findings.size(), checked, checked, 0.001, false);
    }

    private CopyCheck.State read(Snap snap, String path, int i, List<CopyFinding> findings) {
        File copy = snap.copy().get(path);
        if (copy == null || copy.blocks().size() <= i) {
            findings.add(new CopyFinding(CopyFinding.Kind.MISSING, path, -1, 0, 0, null));
            return CopyCheck.State.MISMATCH;
        }
        long block = copy.blocks().get(i);
        long length = length(copy, i);
        if (corrupt.containsKey(physical(block))) {
            findings.add(new CopyFinding(CopyFinding.Kind.UNREADABLE, path, i, i * CHUNK, length, "EIO"));
            return CopyCheck.State.UNREADABLE;
        }
        lastGoodRead.put(physical(block), now);
        if (!copy.blocks().get(i).equals(snap.source().get(path).blocks().get(i))) {
            findings.add(new CopyFinding(CopyFinding.Kind.CHUNK, path, i, i * CHUNK, length, "differs"));
            return CopyCheck.State.MISMATCH;
        }
        return CopyCheck.State.MATCHED;
    }

    /** Runs as CopyCheck makes them: consecutive chunks that fared alike, never across ranges (each range starts one). */
    private static void extend(List<CopyCheck.Run> runs, int rangeStart, long ordinal, long length,
                               CopyCheck.State state) {
        int last = runs.size() - 1;
        if (last >= rangeStart && runs.get(last).to() == ordinal && runs.get(last).state() == state) {
            CopyCheck.Run run = runs.get(last);
            runs.set(last, new CopyCheck.Run(run.from(), ordinal + 1, run.bytes() + length, state, run.detail()));
        } else {
            runs.add(new CopyCheck.Run(ordinal, ordinal + 1, length, state, state == CopyCheck.State.MATCHED ? null : "bad"));
        }
    }

    @Override
    public DrillRecord drill(CopySnapshot snapshot, Path manifest, DatasetName scratch, Path artifacts) {
        throw new UnsupportedOperationException("the simulation runs no drill");
    }

    Snap find(CopySnapshot snapshot) {
        for (Snap snap : retained(snapshot.dataset())) {
            if (snap.copyGuid().equals(snapshot.guid())) {
                return snap;
            }
        }
        throw new IllegalStateException("no snapshot " + snapshot);
    }

    private final Map<Snap, long[]> blocksByOrdinal = new java.util.IdentityHashMap<>();

    /** The copy's block at ordinal {@code ordinal} of a snapshot (ordinals of its source manifest; -1: not on the copy). */
    long blockAt(Snap snap, long ordinal) {
        return blocksByOrdinal.computeIfAbsent(snap, s -> {
            List<Long> blocks = new ArrayList<>();
            s.source().forEach((path, file) -> {
                File copy = s.copy().get(path);
                for (int i = 0; i < file.blocks().size(); i++) {
                    blocks.add(copy == null || copy.blocks().size() <= i ? -1L : copy.blocks().get(i));
                }
            });
            return blocks.stream().mapToLong(Long::longValue).toArray();
        })[(int) ordinal];
    }

    static long length(File file, int chunk) {
        return Math.min(CHUNK, file.size() - chunk * CHUNK);
    }

    private static Map<String, Long> ordinals(TreeMap<String, File> files) {
        Map<String, Long> first = new HashMap<>();
        long ordinal = 0;
        for (Map.Entry<String, File> entry : files.entrySet()) {
            first.put(entry.getKey(), ordinal);
            ordinal += entry.getValue().blocks().size();
        }
        return first;
    }

    /** The source's manifest of the snapshot, as verify writes it (a block's hash a function of the block). */
    private void writeManifest(Snap snap) {
        StringBuilder text = new StringBuilder("# zfs-replication checksum manifest\n# format: 1\n# tool: simulation\n"
                + "# hash: xxh64\n# block-size: 4096\n# count: 1\n# chunk-size: 4096\n# layout: tree\n");
        long chunks = 0;
        for (Map.Entry<String, File> entry : snap.source().entrySet()) {
            text.append("# size: ").append(entry.getValue().size()).append('\t').append(entry.getKey()).append('\n');
            List<Long> blocks = entry.getValue().blocks();
            for (int i = 0; i < blocks.size(); i++) {
                text.append(entry.getKey()).append('\t').append(i).append('\t')
                        .append(String.format("%016x", blocks.get(i) * 0x9E3779B97F4A7C15L)).append('\n');
            }
            chunks += blocks.size();
        }
        text.append("# end: ").append(snap.source().size()).append(" files, ").append(chunks).append(" chunks\n");
        try {
            Path directory = Files.createDirectories(store.resolve(snap.dataset().substring(ROOT.name().length() + 1)));
            Files.writeString(directory.resolve(snap.name() + ".manifest"), text);
            Files.writeString(directory.resolve(snap.name() + ".guid"), snap.sourceGuid() + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Blocks of every retained genuine snapshot (source and copy agree), by dataset. */
    Set<Long> blocksOf(Snap snap) {
        Set<Long> blocks = new HashSet<>();
        snap.copy().values().forEach(f -> blocks.addAll(f.blocks()));
        return blocks;
    }
}
