package hudson.init;

/**
 * Compile-only stand-in (see offline/README.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/init/InitMilestone.java ('public enum
 * InitMilestone implements Milestone', constants in this order). The Milestone interface of
 * org.jvnet.hudson.reactor and the messages are omitted: the plugin names a constant only.
 */
public enum InitMilestone {
    STARTED,
    PLUGINS_LISTED,
    PLUGINS_PREPARED,
    PLUGINS_STARTED,
    EXTENSIONS_AUGMENTED,
    SYSTEM_CONFIG_LOADED,
    SYSTEM_CONFIG_ADAPTED,
    JOB_LOADED,
    JOB_CONFIG_ADAPTED,
    COMPLETED
}
