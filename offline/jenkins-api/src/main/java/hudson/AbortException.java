package hudson;

import java.io.IOException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/AbortException.java (a 2.4xx copy: a
 * no-argument and a message constructor). The
 * constructors keep the real one-line bodies (super(message)): an exception without its message
 * would make the plugin's own error paths untestable, and it adds no Jenkins behaviour.
 */
public class AbortException extends IOException {
    private static final long serialVersionUID = 1L;

    public AbortException() {
        super();
    }

    public AbortException(String message) {
        super(message);
    }
}
