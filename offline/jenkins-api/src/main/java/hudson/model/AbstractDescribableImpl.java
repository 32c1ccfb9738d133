package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/AbstractDescribableImpl.java at
 * tag jenkins-2.541.3 ('@Deprecated(since = "2.505") public abstract class
 * AbstractDescribableImpl&lt;T extends AbstractDescribableImpl&lt;T&gt;&gt; implements
 * Describable&lt;T&gt; {}': getDescriptor() is Describable's default now). Still the superclass of
 * workflow-step-api's Step.
 */
public abstract class AbstractDescribableImpl<T extends AbstractDescribableImpl<T>> implements Describable<T> {
}
