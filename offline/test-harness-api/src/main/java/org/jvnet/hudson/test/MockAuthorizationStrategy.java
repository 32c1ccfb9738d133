package org.jvnet.hudson.test;

import hudson.security.AuthorizationStrategy;
import hudson.security.Permission;
import java.util.Set;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins-test-harness src/main/java/org/jvnet/hudson/test/MockAuthorizationStrategy.java
 * at tag 2573.vd91b_8a_43e019 ('public class MockAuthorizationStrategy extends AuthorizationStrategy',
 * inner classes 'public class Grant' and 'public class GrantOn' inside it, each with a
 * package-private constructor). Only the members PermissionsITest uses: the no-argument
 * constructor, grant(Permission...), Grant.everywhere(), GrantOn.to(String...); the ACLs it hands
 * out (getRootACL, getACL(AbstractItem), getACL(Job), getGroups) are omitted.
 */
public class MockAuthorizationStrategy extends AuthorizationStrategy {
    public MockAuthorizationStrategy() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public Grant grant(Permission... permissions) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    /** A grant of a set of permissions; where it holds comes next. */
    public class Grant {
        Grant(Set<Permission> permissions) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public GrantOn everywhere() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        /** A grant of some permissions in certain places; to whom comes next. */
        public class GrantOn {
            GrantOn(String regexp) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
            }

            public MockAuthorizationStrategy to(String... sids) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
            }
        }
    }
}
