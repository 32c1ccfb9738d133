package io.jenkins.plugins.zfsreplication.audit;

/**
 * One archived artifact as the audit record holds it.
 *
 * @param path   its artifact path, relative, {@code /}-separated
 * @param size   its length in bytes
 * @param sha256 the SHA-256 of its bytes, 64 lowercase hex digits
 */
public record ArtifactHash(String path, long size, String sha256) {
    public ArtifactHash {
        ArtifactPaths.check(path);
        checkHex(sha256, "the sha256 of " + path);
        if (size < 0) {
            throw new AuditException("the size of %s is %d, below 0", path, size);
        }
    }

    /** {@code hex} when it is a SHA-256 as the audit writes it: 64 lowercase hex digits. */
    static String checkHex(String hex, String what) {
        if (hex == null || !hex.matches("[0-9a-f]{64}")) {
            throw new AuditException("%s is '%s', not 64 lowercase hex digits", what, hex);
        }
        return hex;
    }
}
