package com.cloudbees.plugins.credentials.domains;

import edu.umd.cs.findbugs.annotations.CheckForNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin
 * src/main/java/com/cloudbees/plugins/credentials/domains/HostnameRequirement.java at tag
 * 1415.v831096eb_5534 (the version the BOM pins; 'public class HostnameRequirement extends
 * DomainRequirement', serialVersionUID 1L). The constructor and getHostname(): zfsSendRecv asks for
 * an ssh key with the host it connects to, so that a key restricted to other hosts is not found.
 */
public class HostnameRequirement extends DomainRequirement {
    private static final long serialVersionUID = 1L;

    public HostnameRequirement(@CheckForNull String hostname) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public String getHostname() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
