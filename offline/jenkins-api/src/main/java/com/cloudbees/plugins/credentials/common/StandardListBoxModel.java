package com.cloudbees.plugins.credentials.common;

import edu.umd.cs.findbugs.annotations.NonNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin
 * src/main/java/com/cloudbees/plugins/credentials/common/StandardListBoxModel.java ('public class
 * StandardListBoxModel extends AbstractIdCredentialsListBoxModel&lt;StandardListBoxModel,
 * StandardCredentials&gt;', no constructor declared): the choices of a credentials dropdown.
 */
public class StandardListBoxModel extends AbstractIdCredentialsListBoxModel<StandardListBoxModel, StandardCredentials> {
    public StandardListBoxModel() {
        // empty: made by the plugin's fill methods, which only run inside Jenkins
    }

    @NonNull
    @Override
    protected String describe(@NonNull StandardCredentials c) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
