package org.jenkinsci.plugins.workflow.steps;

import edu.umd.cs.findbugs.annotations.Nullable;
import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.ListenableFuture;
import hudson.model.Result;
import java.io.IOException;
import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-step-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/steps/StepContext.java @ 30add949 ('abstract class
 * StepContext implements FutureCallback<Object>, Serializable', Guava's FutureCallback from Maven
 * Central). Every abstract member is declared, so a test double written against this stand-in
 * also compiles against the real class.
 */
public abstract class StepContext implements FutureCallback<Object>, Serializable {
    private static final long serialVersionUID = 1L;

    public abstract <T> T get(Class<T> key) throws IOException, InterruptedException;

    @Override
    public abstract void onSuccess(@Nullable Object result);

    public abstract boolean isReady();

    public abstract ListenableFuture<Void> saveState();

    public abstract void setResult(Result r);

    public abstract BodyInvoker newBodyInvoker() throws IllegalStateException;

    @Override
    public abstract boolean equals(Object o);

    @Override
    public abstract int hashCode();
}
