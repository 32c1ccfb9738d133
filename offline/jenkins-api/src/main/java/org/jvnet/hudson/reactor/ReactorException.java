package org.jvnet.hudson.reactor;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/lib-task-reactor src/main/java/org/jvnet/hudson/reactor/ReactorException.java
 * at tag task-reactor-1.9 (the version Jenkins 2.541.3's bom pins; 'public class ReactorException
 * extends Exception', no serialVersionUID, one package-private constructor). Not on Maven Central,
 * hence a stand-in: the throws clause of the Jenkins constructor names it.
 */
public class ReactorException extends Exception {
    ReactorException(Throwable cause) {
        super(cause);
    }
}
