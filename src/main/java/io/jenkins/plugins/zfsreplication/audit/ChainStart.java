package io.jenkins.plugins.zfsreplication.audit;

import io.jenkins.plugins.zfsreplication.files.Sha256;

/**
 * How a build's record links to its predecessor, with the reason when it cannot: the predecessor
 * is the previous completed build of the job that ran a zfs step, found through the job's build
 * history (never a file an agent supplies).
 *
 * @param link the link, or null at the start of a chain
 * @param note why the link is missing or has no hash; null when it is whole
 */
public record ChainStart(ChainLink link, String note) {

    /** No earlier completed build of the job ran a zfs step: this build starts the chain. */
    public static ChainStart none() {
        return new ChainStart(null, "no earlier completed build of this job ran a zfs step");
    }

    /** Build {@code build} ran zfs steps but has no audit.json any more (or never had one). */
    public static ChainStart discarded(long build, java.util.List<SkippedBuild> skipped) {
        return new ChainStart(new ChainLink(build, null, skipped), "build " + build + " ran zfs steps but has no "
                + AuditRecord.FILE_NAME + " (its artifacts were discarded, or it ran before audit records): "
                + "the chain restarts here");
    }

    /** Linked to build {@code build}, whose audit.json has these bytes, over the numbers {@code skipped}. */
    public static ChainStart of(long build, byte[] auditJson, java.util.List<SkippedBuild> skipped) {
        return new ChainStart(new ChainLink(build, Sha256.of(auditJson), skipped), null);
    }

    /** True when the predecessor's record was gone: what the build page says. */
    public boolean broken() {
        return link != null && link.sha256() == null;
    }
}
