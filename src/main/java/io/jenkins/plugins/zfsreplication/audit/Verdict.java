package io.jenkins.plugins.zfsreplication.audit;

/**
 * What an artifact says about its step's outcome, in one word: {@code ok}, {@code failed},
 * {@code cancelled} (transfer.json, a verify report), {@code identical}, {@code mismatch}, {@code hashed}
 * (a verify report), {@code destroyed}, {@code dry-run}, {@code errors} (prune-report.json),
 * {@code unreadable} (a record of a known kind that could not be read).
 */
public record Verdict(String artifact, String verdict) {
    public Verdict {
        ArtifactPaths.check(artifact);
        if (verdict == null || verdict.isEmpty()) {
            throw new AuditException("the verdict of %s is empty", artifact);
        }
    }
}
