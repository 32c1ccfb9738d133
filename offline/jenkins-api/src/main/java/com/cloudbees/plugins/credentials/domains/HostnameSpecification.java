package com.cloudbees.plugins.credentials.domains;

import edu.umd.cs.findbugs.annotations.CheckForNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/domains/HostnameSpecification.java
 * at commit d96751bc ('public class HostnameSpecification extends DomainSpecification', no
 * serialVersionUID). Its constructor (host name patterns included and excluded) only.
 */
public class HostnameSpecification extends DomainSpecification {
    public HostnameSpecification(@CheckForNull String includes, @CheckForNull String excludes) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
