package jenkins.console;

import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.Beta;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/console/WithConsoleUrl.java at tag
 * jenkins-2.541.3 ('@Restricted(Beta.class) public interface WithConsoleUrl'; getConsoleUrl()
 * omitted). Placeholder supertype of Run and Queue.Executable.
 */
@Restricted(Beta.class)
public interface WithConsoleUrl {
}
