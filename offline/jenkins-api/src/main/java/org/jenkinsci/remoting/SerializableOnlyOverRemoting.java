package org.jenkinsci.remoting;

import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/remoting
 * src/main/java/org/jenkinsci/remoting/SerializableOnlyOverRemoting.java @ fe649b1b. The
 * @Restricted(ProtectedExternally) default getChannelForSerialization() is omitted.
 */
public interface SerializableOnlyOverRemoting extends Serializable {
}
