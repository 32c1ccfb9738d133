package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import java.io.Serializable;
import org.kohsuke.stapler.export.CustomExportedBean;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Result.java ('final class
 * Result implements Serializable, CustomExportedBean'). The constants are distinct objects, so no
 * comparison can succeed by accident; every method throws.
 */
public final class Result implements Serializable, CustomExportedBean {
    private static final long serialVersionUID = 1L;

    @NonNull
    public static final Result SUCCESS = new Result();
    @NonNull
    public static final Result UNSTABLE = new Result();
    @NonNull
    public static final Result FAILURE = new Result();
    @NonNull
    public static final Result NOT_BUILT = new Result();
    @NonNull
    public static final Result ABORTED = new Result();

    private Result() {
        // only the constants above exist
    }

    public boolean isWorseThan(@NonNull Result that) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public boolean isBetterOrEqualTo(@NonNull Result that) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
