package hudson.util;

import java.util.ArrayList;
import org.kohsuke.stapler.HttpResponse;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/util/ComboBoxModel.java at tag
 * jenkins-2.541.3 ('public class ComboBoxModel extends ArrayList&lt;String&gt; implements
 * HttpResponse'): the suggestions of a combobox field. Only the no-argument constructor; its
 * generateResponse is omitted, as HttpResponse's members are.
 */
public class ComboBoxModel extends ArrayList<String> implements HttpResponse {
    public ComboBoxModel() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
