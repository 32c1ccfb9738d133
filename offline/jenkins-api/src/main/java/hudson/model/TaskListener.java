package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import java.io.PrintStream;
import java.io.PrintWriter;
import org.jenkinsci.remoting.SerializableOnlyOverRemoting;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/TaskListener.java ('interface
 * TaskListener extends SerializableOnlyOverRemoting'; getLogger() is its only abstract member, so
 * a test listener written against this stand-in also compiles against the real interface).
 */
public interface TaskListener extends SerializableOnlyOverRemoting {
    @NonNull
    PrintStream getLogger();

    @NonNull
    default PrintWriter error(String msg) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    default PrintWriter error(String format, Object... args) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
