package hudson.util;

import edu.umd.cs.findbugs.annotations.NonNull;
import java.util.ArrayList;
import org.kohsuke.stapler.HttpResponse;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/util/ListBoxModel.java ('class
 * ListBoxModel extends ArrayList<ListBoxModel.Option> implements HttpResponse'; Option and
 * add(...) from the post-2.475 file).
 */
public class ListBoxModel extends ArrayList<ListBoxModel.Option> implements HttpResponse {
    public ListBoxModel() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void add(@NonNull String displayName, @NonNull String value) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public ListBoxModel add(@NonNull String nameAndValue) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static final class Option {
        /** The value the form submits (PermissionsITest reads it). */
        @NonNull
        public String value;

        public Option(@NonNull String name, @NonNull String value) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public Option(@NonNull String name) {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }
}
