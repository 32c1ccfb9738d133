package hudson.util;

import java.util.AbstractList;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/util/PersistedList.java ('class
 * PersistedList<T> extends AbstractList<T>'). Only add, get and size; Jenkins creates these lists.
 */
public class PersistedList<T> extends AbstractList<T> {
    protected PersistedList() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public boolean add(T item) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public T get(int index) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <U extends T> U get(Class<U> type) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public int size() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
