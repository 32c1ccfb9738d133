package io.jenkins.plugins.casc.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/configuration-as-code-plugin
 * plugin/src/main/java/io/jenkins/plugins/casc/model/CNode.java ('public interface CNode', a node
 * of the yaml tree). Placeholder: its members (getType, asMapping, asScalar, getSource ...) are
 * omitted; the ITests only hand a node to Util.toYamlString.
 */
public interface CNode extends Cloneable {
}
