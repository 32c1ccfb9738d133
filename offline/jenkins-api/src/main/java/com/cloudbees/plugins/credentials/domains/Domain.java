package com.cloudbees.plugins.credentials.domains;

import java.io.Serializable;
import java.util.List;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/domains/Domain.java
 * at commit d96751bc ('public class Domain implements Serializable', serialVersionUID 1). Its
 * constructor only: PermissionsITest stores a key in a domain that admits one host.
 */
public class Domain implements Serializable {
    private static final long serialVersionUID = 1L;

    public Domain(String name, String description, List<DomainSpecification> specifications) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
