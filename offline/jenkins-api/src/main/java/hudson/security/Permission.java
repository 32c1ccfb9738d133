package hudson.security;

import edu.umd.cs.findbugs.annotations.NonNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/security/Permission.java at tag jenkins-2.541.3
 * ('public final class Permission'). Only its private two-argument constructor (a class must have
 * one, and a stand-in may not invent any): the plugin names permissions through the constants
 * Item.CONFIGURE, Computer.BUILD and Jenkins.ADMINISTER, which are null in the stand-ins because
 * every permission check throws anyway.
 */
public final class Permission {
    private Permission(@NonNull PermissionGroup group, @NonNull String name) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
