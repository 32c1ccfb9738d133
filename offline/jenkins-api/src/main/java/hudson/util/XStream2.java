package hudson.util;

/**
 * Compile-only stand-in (see offline/README.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/util/XStream2.java ('public class
 * XStream2 extends XStream'; {@code public void addCompatibilityAlias(String oldClassName, Class
 * newClass)}, since 1.416). The XStream superclass is omitted: the plugin only registers aliases.
 */
public class XStream2 {
    @SuppressWarnings("rawtypes") // the real signature takes a raw Class
    public void addCompatibilityAlias(String oldClassName, Class newClass) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
