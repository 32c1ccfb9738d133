package hudson;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.TaskListener;
import hudson.remoting.VirtualChannel;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/Launcher.java (ProcStarter read
 * from the current file, 'public final class ProcStarter', @since 1.311). start()/Proc and the
 * abstract launch(ProcStarter) are omitted: the plugin starts its processes on agents through
 * callables, not through Launcher.
 */
public abstract class Launcher {
    protected Launcher(@NonNull TaskListener listener, @CheckForNull VirtualChannel channel) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public final ProcStarter launch() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public boolean isUnix() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public VirtualChannel getChannel() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public final class ProcStarter {
        public ProcStarter cmds(String... args) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public ProcStarter cmds(List<String> args) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public ProcStarter pwd(@CheckForNull FilePath workDir) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public ProcStarter envs(@NonNull Map<String, String> overrides) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public ProcStarter stdout(@CheckForNull OutputStream out) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public ProcStarter stdout(@NonNull TaskListener out) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public ProcStarter stderr(@CheckForNull OutputStream err) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public ProcStarter masks(@CheckForNull boolean... masks) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public ProcStarter quiet(boolean quiet) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public int join() throws IOException, InterruptedException {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }
}
