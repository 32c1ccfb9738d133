package hudson.model;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.util.KeyedDataStorage;
import java.io.IOException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/FingerprintMap.java at tag
 * jenkins-2.541.3 ('final class FingerprintMap extends KeyedDataStorage<Fingerprint,
 * FingerprintMap.FingerprintParams>', FingerprintParams a package-private static nested class);
 * only getOrCreate(Run, String, String); the constructor is the implicit public one.
 */
public final class FingerprintMap extends KeyedDataStorage<Fingerprint, FingerprintMap.FingerprintParams> {
    public FingerprintMap() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public Fingerprint getOrCreate(@CheckForNull Run build, @NonNull String fileName, @NonNull String md5sum)
            throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    static class FingerprintParams {
        FingerprintParams(@CheckForNull Run build, @NonNull String fileName) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }
}
