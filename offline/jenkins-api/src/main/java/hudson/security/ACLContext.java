package hudson.security;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.springframework.security.core.context.SecurityContext;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/security/ACLContext.java at tag
 * jenkins-2.541.3 ('public class ACLContext implements AutoCloseable'; its one constructor is
 * package-private). Only close(), which restores the previous authentication.
 */
public class ACLContext implements AutoCloseable {
    ACLContext(@NonNull SecurityContext previousContext) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public void close() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
