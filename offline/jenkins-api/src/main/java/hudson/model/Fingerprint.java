package hudson.model;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import java.io.IOException;
import java.util.List;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Fingerprint.java at tag
 * jenkins-2.541.3 ('class Fingerprint implements ModelObject, Saveable'). Only the members the
 * plugin and its JenkinsRule tests use.
 */
public class Fingerprint implements ModelObject, Saveable {
    public Fingerprint(@CheckForNull Run build, @NonNull String fileName, @NonNull byte[] md5sum) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    /** A pointer to a build ({@code public static class BuildPtr}); only what the tests read. */
    public static class BuildPtr {
        public BuildPtr(String name, int number) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public String getName() {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public int getNumber() {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }

    @CheckForNull
    public BuildPtr getOriginal() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public String getFileName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public String getHashString() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public synchronized List<String> getJobs() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void addFor(@NonNull Run b) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public synchronized void save() throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
