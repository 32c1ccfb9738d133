package io.jenkins.plugins.zfsreplication.audit;

import java.util.Locale;

/**
 * A build number between a build and the one its record links to, and why it is not in the chain,
 * as the job's history showed it when the record was made. A build deleted from the history before
 * the next one ran leaves no other trace: without this, the next build links to the one before and
 * the chain reads intact.
 *
 * @param build the skipped build's number
 * @param why   what the history held under that number
 * @param left  for an {@link Why#UNFINISHED} build, the files its directory held (what it had done
 *              before it died), sorted; empty otherwise
 */
public record SkippedBuild(long build, Why why, java.util.List<String> left) implements Comparable<SkippedBuild> {

    /** What the job's history held under a skipped number. */
    public enum Why {
        /** A completed build that ran no zfs step: it has no record and needs none. */
        NO_ZFS_STEP,
        /** A build still running when the record was made: it links to its own predecessor. */
        RUNNING,
        /** No build under that number: deleted (or the job's next number set past it). */
        ABSENT,
        /**
         * A build that started and never finished (killed, the power lost, the OOM killer): its
         * directory holds what it had done but no record, which it writes last. The next build
         * records it and the chain goes on.
         */
        UNFINISHED;

        /** The name in audit.json: "no-zfs-step", "running", "absent", "unfinished". */
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static Why of(String id) {
            for (Why why : values()) {
                if (why.id().equals(id)) {
                    return why;
                }
            }
            throw new AuditException("\"why\" of a skipped build is '%s', not one of no-zfs-step, running, absent,"
                    + " unfinished", id);
        }
    }

    public SkippedBuild {
        if (build < 1 || why == null) {
            throw new AuditException("a skipped build needs a build number and why it is skipped");
        }
        left = left == null ? java.util.List.of() : java.util.List.copyOf(new java.util.TreeSet<>(left));
        if (!left.isEmpty() && why != Why.UNFINISHED) {
            throw new AuditException("skipped build %d is %s: only an unfinished build left files", build, why.id());
        }
    }

    /** A skipped build that left nothing to name. */
    public SkippedBuild(long build, Why why) {
        this(build, why, java.util.List.of());
    }

    @Override
    public int compareTo(SkippedBuild other) {
        return Long.compare(build, other.build);
    }
}
