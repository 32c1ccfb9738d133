package hudson.security;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.jvnet.localizer.Localizable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/security/PermissionGroup.java at tag jenkins-2.541.3
 * ('public final class PermissionGroup implements Iterable&lt;Permission&gt;,
 * Comparable&lt;PermissionGroup&gt;'; both supertypes omitted). Placeholder: the parameter type of
 * the Permission constructor; one real constructor, members omitted.
 */
@SuppressWarnings("rawtypes") // Class without a type argument, as in the real signature
public final class PermissionGroup {
    public PermissionGroup(@NonNull Class owner, Localizable title) throws IllegalStateException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
