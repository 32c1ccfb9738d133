package hudson.security;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/security/Permission.java ('public
 * final class Permission'). Its constructors need PermissionGroup and Localizable, which the
 * plugin never builds; the constants that name permissions (Item.CONFIGURE, Computer.BUILD,
 * Jenkins.ADMINISTER) are null in the stand-ins because every permission check throws anyway.
 */
public final class Permission {
    private Permission() {
        // never instantiated offline
    }
}
