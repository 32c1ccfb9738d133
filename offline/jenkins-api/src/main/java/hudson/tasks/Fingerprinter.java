package hudson.tasks;

import hudson.model.Run;
import java.io.Serializable;
import java.util.Map;
import jenkins.model.DependencyDeclarer;
import jenkins.model.RunAction2;
import jenkins.tasks.SimpleBuildStep;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/tasks/Fingerprinter.java at tag
 * jenkins-2.541.3 ('class Fingerprinter extends Recorder implements Serializable,
 * DependencyDeclarer, SimpleBuildStep'). The plugin uses only the nested FingerprintAction (the
 * build page's "Fingerprints") and one real constructor.
 */
public class Fingerprinter extends Recorder implements Serializable, DependencyDeclarer, SimpleBuildStep {
    private static final long serialVersionUID = 1L;

    public Fingerprinter(String targets) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public BuildStepMonitor getRequiredMonitorService() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    /** {@code public static final class FingerprintAction implements RunAction2}: file name to MD5. */
    public static final class FingerprintAction implements RunAction2 {
        public FingerprintAction(Run build, Map<String, String> record) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public void add(Map<String, String> moreRecords) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public Map<String, String> getRecords() {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        @Override
        public String getIconFileName() {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        @Override
        public String getDisplayName() {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        @Override
        public String getUrlName() {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        @Override
        public void onLoad(Run<?, ?> r) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        @Override
        public void onAttached(Run<?, ?> r) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }
}
