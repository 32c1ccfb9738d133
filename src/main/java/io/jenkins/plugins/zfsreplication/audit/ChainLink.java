package io.jenkins.plugins.zfsreplication.audit;

/**
 * The link from a build's audit record to its predecessor's.
 *
 * @param build  the number of the previous completed build of the job that ran a zfs step
 * @param sha256 the SHA-256 of that build's audit.json; null when it had none when this build ran
 *               (discarded, or made before audit records existed): the chain restarts here
 */
public record ChainLink(long build, String sha256) {
    public ChainLink {
        if (build < 1) {
            throw new AuditException("the previous build number is %d, not a build number", build);
        }
        if (sha256 != null) {
            Sha256.checkHex(sha256, "the previous build's sha256");
        }
    }
}
