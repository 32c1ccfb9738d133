package io.jenkins.plugins.zfsreplication.prune;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.RandomAccess;

import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;

/**
 * The decisions about one dataset's candidates as columns: a snapshot's position in its side's
 * listing columns, the decision, the rule (one shared string per rule) and the time. A run judges
 * millions of candidates; each {@link PruneDecision} is made only when read (the report writer
 * reads them one by one), so the report costs a few arrays per dataset, not an object and a name
 * per candidate.
 */
final class DecisionLog extends AbstractList<PruneDecision> implements RandomAccess {
    /** One side of a dataset: where its snapshots are listed. */
    record Side(CandidateSide name, String host, String dataset, SnapshotTable snapshots) {
    }

    private final Side[] sides;
    private byte[] side;
    private int[] index;
    private byte[] decision;
    private String[] rule;
    private long[] time;
    private int size;

    /** @param capacity the decisions expected (more are possible) */
    DecisionLog(int capacity, Side... sides) {
        this.sides = sides.clone();
        int initial = Math.max(1, capacity);
        side = new byte[initial];
        index = new int[initial];
        decision = new byte[initial];
        rule = new String[initial];
        time = new long[initial];
    }

    /** Records a decision about snapshot {@code snapshot} of side number {@code sideNumber}. */
    void add(int sideNumber, int snapshot, Decision verdict, String why, long epochSecond) {
        if (size == index.length) {
            int capacity = size * 2;
            side = Arrays.copyOf(side, capacity);
            index = Arrays.copyOf(index, capacity);
            decision = Arrays.copyOf(decision, capacity);
            rule = Arrays.copyOf(rule, capacity);
            time = Arrays.copyOf(time, capacity);
        }
        side[size] = (byte) sideNumber;
        index[size] = snapshot;
        decision[size] = (byte) verdict.ordinal();
        rule[size] = why;
        time[size++] = epochSecond;
    }

    @Override
    public PruneDecision get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        Side where = sides[side[i]];
        return new PruneDecision(where.name(), where.host(), where.dataset(), where.snapshots().shortName(index[i]),
                where.snapshots().guid(index[i]), time[i],
                new PruneDecision.Verdict(Decision.values()[decision[i]], rule[i], false));
    }

    @Override
    public int size() {
        return size;
    }

    /** Several datasets' logs as one list, in order, read in place. */
    static List<PruneDecision> concat(List<DecisionLog> logs) {
        return new Concatenation(logs);
    }

    /** A list of decisions that cannot change and makes each decision when read: a report keeps it as it is. */
    interface View extends List<PruneDecision>, RandomAccess {
    }

    /** Immutable: the logs are complete when it is made. */
    static final class Concatenation extends AbstractList<PruneDecision> implements View {
        private final DecisionLog[] logs;
        private final int[] starts;

        Concatenation(List<DecisionLog> logs) {
            this.logs = logs.toArray(DecisionLog[]::new);
            this.starts = new int[this.logs.length + 1];
            for (int i = 0; i < this.logs.length; i++) {
                starts[i + 1] = Math.addExact(starts[i], this.logs[i].size());
            }
        }

        @Override
        public PruneDecision get(int i) {
            if (i < 0 || i >= size()) {
                throw new IndexOutOfBoundsException(i);
            }
            int at = Arrays.binarySearch(starts, i);
            // equal starts belong to empty logs: the decision is in the last log that starts there
            at = at >= 0 ? lastStart(at) : -at - 2;
            return logs[at].get(i - starts[at]);
        }

        private int lastStart(int at) {
            int last = at;
            while (last + 1 < logs.length && starts[last + 1] == starts[at]) {
                last++;
            }
            return last;
        }

        @Override
        public int size() {
            return starts[logs.length];
        }
    }

    /** Decisions of an executed report: those at the positions {@code destroyed} marked as destroyed. */
    static final class Marked extends AbstractList<PruneDecision> implements View {
        private final List<PruneDecision> decisions;
        private final BitSet destroyed;

        Marked(List<PruneDecision> decisions, BitSet destroyed) {
            this.decisions = decisions;
            this.destroyed = (BitSet) destroyed.clone();
        }

        @Override
        public PruneDecision get(int i) {
            PruneDecision decision = decisions.get(i);
            return destroyed.get(i) ? decision.markDestroyed() : decision;
        }

        @Override
        public int size() {
            return decisions.size();
        }
    }
}
