package com.cloudbees.plugins.credentials.domains;

import hudson.ExtensionPoint;
import hudson.model.AbstractDescribableImpl;
import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/domains/DomainSpecification.java
 * at commit d96751bc ('public abstract class DomainSpecification extends
 * AbstractDescribableImpl&lt;DomainSpecification&gt; implements ExtensionPoint, Serializable', no
 * serialVersionUID, implicit public constructor). Placeholder: the abstract test(DomainRequirement)
 * is omitted (HostnameSpecification implements it in the root build).
 */
public abstract class DomainSpecification extends AbstractDescribableImpl<DomainSpecification>
        implements ExtensionPoint, Serializable {
    public DomainSpecification() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
