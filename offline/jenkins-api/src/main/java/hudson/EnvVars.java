package hudson;

import edu.umd.cs.findbugs.annotations.NonNull;
import java.util.Map;
import java.util.TreeMap;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/EnvVars.java (class declaration
 * read from a 2.4xx decompiled copy in the index). The constructors throw: a plain TreeMap would
 * silently lose the real case-insensitive order.
 */
public class EnvVars extends TreeMap<String, String> {
    private static final long serialVersionUID = 4320331661987259022L;

    public EnvVars() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public EnvVars(@NonNull Map<String, String> m) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public String expand(String s) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
