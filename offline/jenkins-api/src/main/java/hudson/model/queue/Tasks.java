package hudson.model.queue;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Queue;
import org.springframework.security.core.Authentication;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/queue/Tasks.java at tag
 * jenkins-2.541.3 ('public class Tasks', no constructor declared). Only getAuthenticationOf2: the
 * authentication a job's builds run as, with which its credentials dropdown lists credentials.
 */
public class Tasks {
    public Tasks() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static @NonNull Authentication getAuthenticationOf2(@NonNull Queue.Task t) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
