package hudson.remoting;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.Nullable;
import java.io.IOException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/remoting src/main/java/hudson/remoting/VirtualChannel.java @
 * 35226827. Every abstract member is declared, so a test double written against this stand-in
 * also compiles against the real interface.
 */
public interface VirtualChannel {
    <V, T extends Throwable> V call(Callable<V, T> callable) throws IOException, T, InterruptedException;

    <V, T extends Throwable> Future<V> callAsync(Callable<V, T> callable) throws IOException;

    void close() throws IOException;

    void join() throws InterruptedException;

    void join(long timeout) throws InterruptedException;

    @Nullable
    <T> T export(Class<T> type, @CheckForNull T instance);

    void syncLocalIO() throws InterruptedException;
}
