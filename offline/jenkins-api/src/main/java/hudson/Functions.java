package hudson;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/Functions.java at tag jenkins-2.541.3
 * ('public class Functions', its public no-argument constructor). Only isArtifactsPermissionEnabled():
 * Run/Artifacts is checked only where Jenkins turns it on (hudson.security.ArtifactsPermission), as
 * Run.doArtifact does; otherwise it is as if the permission did not exist.
 */
public class Functions {
    public Functions() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static boolean isArtifactsPermissionEnabled() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
