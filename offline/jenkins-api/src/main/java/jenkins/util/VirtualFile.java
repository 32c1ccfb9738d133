package jenkins.util;

import edu.umd.cs.findbugs.annotations.NonNull;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/util/VirtualFile.java (return type
 * of ArtifactManager.root(): 'abstract class VirtualFile implements Comparable<VirtualFile>,
 * Serializable'), at tag jenkins-2.541.3. Only child(String), open(), isFile(), length() and
 * lastModified(), with which the audit trail and a JenkinsRule test read archived artifacts (and tell
 * an artifact archived again from one already read); the other abstract members are omitted.
 */
public abstract class VirtualFile implements Comparable<VirtualFile>, Serializable {
    @NonNull
    public abstract VirtualFile child(@NonNull String name);

    public abstract InputStream open() throws IOException;

    public abstract long length() throws IOException;

    public abstract long lastModified() throws IOException;

    public abstract boolean isFile() throws IOException;
}
