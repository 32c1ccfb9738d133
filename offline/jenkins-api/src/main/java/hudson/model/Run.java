package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.EnvVars;
import hudson.ExtensionPoint;
import hudson.security.AccessControlled;
import java.io.File;
import java.io.IOException;
import java.util.List;
import jenkins.console.WithConsoleUrl;
import jenkins.model.ArtifactManager;
import jenkins.model.HistoricalBuild;
import jenkins.util.io.OnMaster;
import org.kohsuke.stapler.StaplerProxy;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Run.java (declaration from
 * the post-2.477 file: 'extends Actionable implements ExtensionPoint, Comparable<RunT>,
 * AccessControlled, PersistenceRoot, DescriptorByNameOwner, OnMaster, StaplerProxy,
 * HistoricalBuild, WithConsoleUrl'; members from the same file). Of the constructors only
 * Run(JobT) is declared (empty), for the stand-ins of the run types the JenkinsRule tests use
 * (WorkflowRun in offline/test-harness-api).
 */
public abstract class Run<JobT extends Job<JobT, RunT>, RunT extends Run<JobT, RunT>>
        extends Actionable
        implements ExtensionPoint, Comparable<RunT>, AccessControlled, PersistenceRoot, DescriptorByNameOwner,
                OnMaster, StaplerProxy, HistoricalBuild, WithConsoleUrl {
    /** Declared null here (see Permission): reading a run's artifacts. */
    public static final hudson.security.Permission ARTIFACTS = null;

    protected Run(@NonNull JobT job) throws IOException {
        // empty: only the stand-ins of real subclasses call it
    }

    @Override
    public int compareTo(@NonNull RunT that) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public synchronized void save() throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public List<Artifact> getArtifacts() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public JobT getParent() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    @Override
    public File getRootDir() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public final ArtifactManager getArtifactManager() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public final synchronized ArtifactManager pickArtifactManager() throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public void addAction(@NonNull Action a) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public Result getResult() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void setResult(@NonNull Result r) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public boolean isBuilding() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void delete() throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public int getNumber() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public RunT getPreviousBuild() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public final RunT getPreviousCompletedBuild() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public EnvVars getEnvironment(@NonNull TaskListener listener) throws IOException, InterruptedException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    /** A build artifact; created by Jenkins only. */
    public class Artifact {
        /** Relative path name from the artifacts root. */
        public final String relativePath;

        Artifact(String name, String relativePath, String href, String len, String treeNodeId) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }
}
