package hudson.util;

import hudson.model.Describable;
import hudson.model.Descriptor;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/util/DescribableList.java ('class
 * DescribableList<T extends Describable<T>, D extends Descriptor<T>> extends PersistedList<T>'):
 * the type of Project.getBuildersList(). Its own members are omitted.
 */
public class DescribableList<T extends Describable<T>, D extends Descriptor<T>> extends PersistedList<T> {
    protected DescribableList() {
        // the real no-argument constructor is protected too
    }
}
