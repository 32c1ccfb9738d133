package io.jenkins.plugins.zfsreplication.steps.views;

import hudson.model.Run;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jenkins.model.RunAction2;

/**
 * The build-page summary of every zfs step a run used, in the order they finished. One action per
 * run; each step adds its record. It has no page of its own (no icon, no URL): core shows its
 * summary.jelly on the build page, which links the archived artifacts.
 */
public final class ZfsReplicationAction implements RunAction2 {
    // parallel branches of one Pipeline add records concurrently
    private final List<StepRecord> records = new CopyOnWriteArrayList<>();
    private transient Run<?, ?> run;
    /** Why this build's audit.json could not link to its predecessor's (gone); null when it did. */
    private volatile String chainNote;
    /** What the audit trail read of the artifacts while the controller runs; not saved. */
    private transient AuditedArtifacts audited;
    /** The job page's last chain check that ended at this build; not saved. */
    private transient ChainChecking chainChecking;

    /** Adds a step's record to the run's action, creating the action on the run's first zfs step. */
    public static void record(Run<?, ?> run, StepRecord record) {
        // a build's action list is per run: lock the run so two branches create one action, not two
        synchronized (run) {
            ZfsReplicationAction action = run.getAction(ZfsReplicationAction.class);
            if (action == null) {
                action = new ZfsReplicationAction();
                run.addAction(action);
            }
            action.add(record);
        }
        // no run.save() here: the run saves its actions when it completes
    }

    void add(StepRecord record) {
        records.add(record);
    }

    /** Set by the audit trail after each step: why the chain could not link to the previous build. */
    public void setChainNote(String note) {
        chainNote = note;
    }

    public String getChainNote() {
        return chainNote;
    }

    /** The job page's chain checks ending at this build (not a bean property: never saved). */
    public synchronized ChainChecking chainChecking() {
        if (chainChecking == null) {
            chainChecking = new ChainChecking();
        }
        return chainChecking;
    }

    /** What the audit trail has read of this build's artifacts (not a bean property: no page shows it). */
    public synchronized AuditedArtifacts audited() {
        if (audited == null) {
            audited = new AuditedArtifacts();
        }
        return audited;
    }

    public List<StepRecord> getRecords() {
        return List.copyOf(records);
    }

    public List<PlanRecord> getPlans() {
        return only(PlanRecord.class);
    }

    public List<PruneRecord> getPrunes() {
        return only(PruneRecord.class);
    }

    public List<SendRecvRecord> getTransfers() {
        return only(SendRecvRecord.class);
    }

    public List<VerifyRecord> getVerifications() {
        return only(VerifyRecord.class);
    }

    public List<CheckRecord> getChecks() {
        return only(CheckRecord.class);
    }

    public List<DrillStepRecord> getDrills() {
        return only(DrillStepRecord.class);
    }

    public List<CoverageRecord> getCoverage() {
        return only(CoverageRecord.class);
    }

    /** Bytes every zfsSendRecv of this run sent. */
    public long getBytesSent() {
        return getTransfers().stream().mapToLong(SendRecvRecord::getBytes).sum();
    }

    /** Snapshots every zfsPrune of this run destroyed (or, in a dry run, would have). */
    public int getSnapshotsPruned() {
        return getPrunes().stream().mapToInt(PruneRecord::getDestroyed).sum();
    }

    /** True when any comparison of this run found a difference. */
    public boolean isMismatch() {
        return getVerifications().stream().anyMatch(VerifyRecord::isMismatch);
    }

    private <T extends StepRecord> List<T> only(Class<T> type) {
        return records.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** The run this action belongs to, for artifact links; null until attached or loaded. */
    public Run<?, ?> getRun() {
        return run;
    }

    @Override
    public void onAttached(Run<?, ?> r) {
        this.run = r;
    }

    @Override
    public void onLoad(Run<?, ?> r) {
        this.run = r;
    }

    @Override
    public String getIconFileName() {
        return null;
    }

    @Override
    public String getDisplayName() {
        return "ZFS replication";
    }

    @Override
    public String getUrlName() {
        return null;
    }
}
