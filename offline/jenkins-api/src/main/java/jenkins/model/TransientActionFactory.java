package jenkins.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.model.Action;
import java.util.Collection;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/TransientActionFactory.java
 * (commit b0bf5e3a: 'abstract class TransientActionFactory&lt;T&gt; implements ExtensionPoint';
 * abstract type() and createFor(T), actionType() @since 2.34). The nested Cache extension and the
 * static factoriesFor are omitted (NoExternalUse). The implicit constructor runs only as super()
 * of the plugin's factory.
 */
public abstract class TransientActionFactory<T> implements ExtensionPoint {
    public abstract Class<T> type();

    public Class<? extends Action> actionType() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public abstract @NonNull Collection<? extends Action> createFor(@NonNull T target);
}
