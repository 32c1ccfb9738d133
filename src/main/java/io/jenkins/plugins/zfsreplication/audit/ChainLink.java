package io.jenkins.plugins.zfsreplication.audit;

/**
 * The link from a build's audit record to its predecessor's.
 *
 * @param build   the number of the previous completed build of the job that ran a zfs step
 * @param sha256  the SHA-256 of that build's audit.json; null when it had none when this build ran
 *                (discarded, or made before audit records existed): the chain restarts here
 * @param skipped every number between that build and this one, with what the history held under it,
 *                in order; null in a record made before links said (not known)
 */
public record ChainLink(long build, String sha256, java.util.List<SkippedBuild> skipped) {
    public ChainLink {
        if (build < 1) {
            throw new AuditException("the previous build number is %d, not a build number", build);
        }
        if (sha256 != null) {
            ArtifactHash.checkHex(sha256, "the previous build's sha256");
        }
        if (skipped != null) {
            java.util.List<SkippedBuild> sorted = new java.util.ArrayList<>(skipped);
            sorted.sort(null);
            for (int i = 0; i < sorted.size(); i++) {
                if (sorted.get(i).build() <= build || i > 0 && sorted.get(i).build() == sorted.get(i - 1).build()) {
                    throw new AuditException("skipped build %d cannot come after build %d, or twice",
                            sorted.get(i).build(), build);
                }
            }
            skipped = java.util.List.copyOf(sorted);
        }
    }

    /** A link without the numbers between (tests, and records made before links listed them). */
    public ChainLink(long build, String sha256) {
        this(build, sha256, null);
    }

    /** The skipped numbers whose build was missing from the history: deleted before this link was made. */
    public java.util.List<Long> absent() {
        return skipped == null ? java.util.List.of() : skipped.stream().filter(s -> s.why() == SkippedBuild.Why.ABSENT)
                .map(SkippedBuild::build).toList();
    }
}
