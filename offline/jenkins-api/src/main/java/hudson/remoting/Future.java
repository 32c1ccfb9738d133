package hudson.remoting;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/remoting src/main/java/hudson/remoting/Future.java (return type of
 * VirtualChannel.callAsync; no members of its own).
 */
public interface Future<V> extends java.util.concurrent.Future<V> {
}
