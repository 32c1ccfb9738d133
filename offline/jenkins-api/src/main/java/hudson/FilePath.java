package hudson;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Computer;
import hudson.remoting.Callable;
import hudson.remoting.VirtualChannel;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import org.jenkinsci.remoting.RoleSensitive;
import org.jenkinsci.remoting.SerializableOnlyOverRemoting;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/FilePath.java (declaration 'final
 * class FilePath implements SerializableOnlyOverRemoting' and nested FileCallable from the
 * tag jenkins-2.541.3; getParent() is @CheckForNull there).
 */
public final class FilePath implements SerializableOnlyOverRemoting {
    public FilePath(@CheckForNull VirtualChannel channel, @NonNull String remote) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public FilePath(@NonNull File localPath) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public FilePath(@NonNull FilePath base, @NonNull String rel) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public String getRemote() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public FilePath child(String relOrAbsolute) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public FilePath getParent() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public String getName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public boolean exists() throws IOException, InterruptedException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void mkdirs() throws IOException, InterruptedException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public InputStream read() throws IOException, InterruptedException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public OutputStream write() throws IOException, InterruptedException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void write(final String content, final String encoding) throws IOException, InterruptedException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <T> T act(final FileCallable<T> callable) throws IOException, InterruptedException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <T> hudson.remoting.Future<T> actAsync(final FileCallable<T> callable) throws IOException, InterruptedException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <V, E extends Throwable> V act(Callable<V, E> callable) throws IOException, InterruptedException, E {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public String digest() throws IOException, InterruptedException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public VirtualChannel getChannel() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public boolean isRemote() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public Computer toComputer() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public interface FileCallable<T> extends Serializable, RoleSensitive {
        T invoke(File f, VirtualChannel channel) throws IOException, InterruptedException;
    }
}
