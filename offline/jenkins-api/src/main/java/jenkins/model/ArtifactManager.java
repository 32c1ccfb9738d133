package jenkins.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.BuildListener;
import hudson.model.Run;
import java.io.IOException;
import java.util.Map;
import jenkins.util.VirtualFile;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/ArtifactManager.java (@since
 * 1.532). All abstract members are declared, so a test double written against this stand-in also
 * compiles against the real class.
 */
public abstract class ArtifactManager {
    public abstract void onLoad(@NonNull Run<?, ?> build);

    public abstract void archive(FilePath workspace, Launcher launcher, BuildListener listener, Map<String, String> artifacts)
            throws IOException, InterruptedException;

    public abstract boolean delete() throws IOException, InterruptedException;

    public abstract VirtualFile root();
}
