package hudson.model;

import hudson.ExtensionPoint;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/LoadBalancer.java at tag jenkins-2.541.3
 * ('public abstract class LoadBalancer implements ExtensionPoint', no constructor declared).
 * Placeholder: the parameter type of the Queue constructor; its members are omitted.
 */
public abstract class LoadBalancer implements ExtensionPoint {
}
