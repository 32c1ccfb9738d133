package io.jenkins.plugins.casc.model;

import java.util.HashMap;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour of its own.
 * Checked against jenkinsci/configuration-as-code-plugin
 * plugin/src/main/java/io/jenkins/plugins/casc/model/Mapping.java ('public final class Mapping
 * extends HashMap&lt;String, CNode&gt; implements CNode'). The ITests only call the inherited
 * {@code get(Object)}; Mapping's own members are omitted, and nothing offline ever creates one.
 */
public final class Mapping extends HashMap<String, CNode> implements CNode {
}
