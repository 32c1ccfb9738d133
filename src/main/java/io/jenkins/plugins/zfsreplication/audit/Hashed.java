package io.jenkins.plugins.zfsreplication.audit;

import io.jenkins.plugins.zfsreplication.files.Sha256;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;

/**
 * An artifact read once: its size, SHA-256, and for a record (JSON, up to {@link #MAX_RECORD_BYTES})
 * its bytes, to read the evidence from. Manifests and charts stream through and are never held.
 */
record Hashed(long size, String sha256, byte[] content) {
    /**
     * As large as the largest record this tool reads elsewhere (a plan, an audit record): the
     * audit runs on the controller and parses what it keeps into a tree several times its size. A
     * larger .json file is hashed (streamed), its evidence not read.
     */
    static final long MAX_RECORD_BYTES = io.jenkins.plugins.zfsreplication.plan.PlanJson.MAX_BYTES;

    static Hashed read(InputStream in, boolean keep) throws IOException {
        MessageDigest digest = Sha256.digest();
        ByteArrayOutputStream kept = keep ? new ByteArrayOutputStream() : null;
        byte[] buffer = new byte[1 << 16];
        long size = 0;
        for (int n; (n = in.read(buffer)) > 0; ) {
            digest.update(buffer, 0, n);
            size += n;
            if (kept != null) {
                if (size > MAX_RECORD_BYTES) {
                    kept = null;
                } else {
                    kept.write(buffer, 0, n);
                }
            }
        }
        return new Hashed(size, Sha256.hex(digest.digest()), kept == null ? null : kept.toByteArray());
    }
}
