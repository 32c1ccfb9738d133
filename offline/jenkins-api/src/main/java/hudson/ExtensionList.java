package hudson;

import edu.umd.cs.findbugs.annotations.NonNull;
import java.util.AbstractList;
import jenkins.model.Jenkins;
import jenkins.util.io.OnMaster;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/ExtensionList.java ('class
 * ExtensionList&lt;T&gt; extends AbstractList&lt;T&gt; implements OnMaster'; static
 * {@code @NonNull <U> U lookupSingleton(Class<U> type)}; static {@code @NonNull <T> ExtensionList<T>
 * lookup(Class<T> type)}, since 1.572). lookupSingleton and lookup are for the plugin;
 * get/size are the members AbstractList leaves abstract. The constructor is the real protected one; the plugin never creates a list.
 */
public class ExtensionList<T> extends AbstractList<T> implements OnMaster {
    protected ExtensionList(Jenkins jenkins, Class<T> extensionType) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public static <U> U lookupSingleton(Class<U> type) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public static <T> ExtensionList<T> lookup(Class<T> type) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public T get(int index) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public int size() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
