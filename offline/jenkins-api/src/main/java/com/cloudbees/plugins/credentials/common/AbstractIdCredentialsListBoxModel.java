package com.cloudbees.plugins.credentials.common;

import edu.umd.cs.findbugs.annotations.NonNull;
import edu.umd.cs.findbugs.annotations.Nullable;
import hudson.model.Item;
import hudson.model.ItemGroup;
import hudson.util.ListBoxModel;
import org.springframework.security.core.Authentication;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin
 * src/main/java/com/cloudbees/plugins/credentials/common/AbstractIdCredentialsListBoxModel.java
 * ('public abstract class AbstractIdCredentialsListBoxModel&lt;T extends
 * AbstractIdCredentialsListBoxModel&lt;T, C&gt;, C extends IdCredentials&gt; extends ListBoxModel', no
 * constructor declared). Only what a credentials dropdown of the plugin uses: the empty choice, the
 * credentials visible to an authentication in an item or item group, and the current value.
 */
public abstract class AbstractIdCredentialsListBoxModel<T extends AbstractIdCredentialsListBoxModel<T, C>,
        C extends IdCredentials> extends ListBoxModel {
    public AbstractIdCredentialsListBoxModel() {
        // empty: StandardListBoxModel is made by the plugin
    }

    @NonNull
    protected abstract String describe(@NonNull C c);

    public AbstractIdCredentialsListBoxModel<T, C> includeEmptyValue() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public AbstractIdCredentialsListBoxModel<T, C> includeAs(@NonNull Authentication authentication,
                                                             @Nullable Item context,
                                                             @NonNull Class<? extends C> type) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public AbstractIdCredentialsListBoxModel<T, C> includeAs(@NonNull Authentication authentication,
                                                             @NonNull ItemGroup context,
                                                             @NonNull Class<? extends C> type) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public AbstractIdCredentialsListBoxModel<T, C> includeCurrentValue(@NonNull String value) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
