package hudson.util;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import java.io.IOException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/util/KeyedDataStorage.java at tag
 * jenkins-2.541.3 ('abstract class KeyedDataStorage<T, P>'): the supertype of FingerprintMap, with
 * its two lookups; the protected abstract members and the statistics are omitted.
 */
public abstract class KeyedDataStorage<T, P> {
    public KeyedDataStorage() {
        // the implicit public constructor of the real class
    }

    @NonNull
    public T getOrCreate(String key, P createParams) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public T get(String key) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
