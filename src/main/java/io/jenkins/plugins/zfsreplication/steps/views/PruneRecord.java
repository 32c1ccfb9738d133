package io.jenkins.plugins.zfsreplication.steps.views;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What one zfsPrune run decided, made from the summary the agent returned. */
public final class PruneRecord implements StepRecord {
    private static final long serialVersionUID = 1L;
    private final boolean dryRun;
    private final boolean failed;
    private final int destroyed;
    private final int kept;
    private final int notSent;
    private final long bytesNotSent;
    private final List<String> artifacts;
    /** The build was aborted while the prune ran: the destroys not begun by then were not begun. */
    private final boolean aborted;

    public PruneRecord(boolean dryRun, boolean failed, int destroyed, int kept, int notSent, long bytesNotSent,
                       List<String> artifacts, boolean aborted) {
        this.dryRun = dryRun;
        this.failed = failed;
        this.destroyed = destroyed;
        this.kept = kept;
        this.notSent = notSent;
        this.bytesNotSent = bytesNotSent;
        this.artifacts = new ArrayList<>(artifacts);
        this.aborted = aborted;
    }

    public boolean isDryRun() { return dryRun; }
    public boolean isFailed() { return failed; }

    @Override
    public boolean isAborted() { return aborted; }
    /** Snapshots destroyed, or in a dry run those that would be. */
    public int getDestroyed() { return destroyed; }
    public int getKept() { return kept; }
    public int getNotSent() { return notSent; }
    /** Stream bytes the plan no longer sends; -1 when unknown. */
    public long getBytesNotSent() { return bytesNotSent; }

    public String getBytesNotSentText() {
        return bytesNotSent < 0 ? "unknown" : StepRecord.human(bytesNotSent);
    }

    @Override
    public List<String> getArtifacts() {
        return Collections.unmodifiableList(artifacts);
    }
}
