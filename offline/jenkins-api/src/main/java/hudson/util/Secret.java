package hudson.util;

import edu.umd.cs.findbugs.annotations.NonNull;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/util/Secret.java ('final class
 * Secret implements Serializable', at tag jenkins-2.541.3; its package-private one-argument constructor;
 * getPlainText/fromString/toString(Secret).
 */
public final class Secret implements Serializable {
    private static final long serialVersionUID = 1L;

    Secret(String value) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public String getPlainText() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public static Secret fromString(@CheckForNull String data) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public static String toString(@CheckForNull Secret s) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
