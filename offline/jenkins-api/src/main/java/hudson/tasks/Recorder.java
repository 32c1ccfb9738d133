package hudson.tasks;

import hudson.ExtensionPoint;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/tasks/Recorder.java at tag
 * jenkins-2.541.3 ('abstract class Recorder extends Publisher implements ExtensionPoint'):
 * placeholder, the supertype of Fingerprinter.
 */
public abstract class Recorder extends Publisher implements ExtensionPoint {
    protected Recorder() {
    }
}
