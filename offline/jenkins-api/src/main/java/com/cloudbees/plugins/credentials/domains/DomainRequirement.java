package com.cloudbees.plugins.credentials.domains;

import hudson.ExtensionPoint;
import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin …/credentials/domains/DomainRequirement.java
 * ('class DomainRequirement implements ExtensionPoint, Serializable'). Placeholder (the varargs
 * parameter type of findCredentialById).
 */
public class DomainRequirement implements ExtensionPoint, Serializable {
    private static final long serialVersionUID = 1L;
}
