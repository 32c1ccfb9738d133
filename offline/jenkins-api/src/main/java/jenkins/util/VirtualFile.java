package jenkins.util;

import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/util/VirtualFile.java (return type
 * of ArtifactManager.root(); members omitted). Placeholder supertype: declared empty; its own
 * supertypes are listed in docs/architecture.md.
 */
public abstract class VirtualFile implements Comparable<VirtualFile>, Serializable {
    private static final long serialVersionUID = 1L;
}
