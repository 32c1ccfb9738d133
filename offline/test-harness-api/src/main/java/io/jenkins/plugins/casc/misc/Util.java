package io.jenkins.plugins.casc.misc;

import io.jenkins.plugins.casc.ConfigurationContext;
import io.jenkins.plugins.casc.model.CNode;
import io.jenkins.plugins.casc.model.Mapping;
import java.io.IOException;
import java.net.URISyntaxException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/configuration-as-code-plugin
 * test-harness/src/main/java/io/jenkins/plugins/casc/misc/Util.java ('public class Util' with
 * {@code public static Mapping getUnclassifiedRoot(ConfigurationContext) throws Exception},
 * {@code public static String toYamlString(CNode) throws IOException} and
 * {@code public static String toStringFromYamlFile(Object, String) throws URISyntaxException}).
 * The other helpers (getJenkinsRoot, schema validation, log assertions) are omitted.
 */
public class Util {
    public static Mapping getUnclassifiedRoot(ConfigurationContext context) throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static String toYamlString(CNode rootNode) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static String toStringFromYamlFile(Object clazz, String resourcePath) throws URISyntaxException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
