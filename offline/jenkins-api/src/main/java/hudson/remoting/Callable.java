package hudson.remoting;

import java.io.Serializable;
import org.jenkinsci.remoting.RoleSensitive;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/remoting src/main/java/hudson/remoting/Callable.java @ 14ad62c1
 * (default getChannelOrFail()/getOpenChannelOrFail() omitted).
 */
public interface Callable<V, T extends Throwable> extends Serializable, RoleSensitive {
    V call() throws T;
}
