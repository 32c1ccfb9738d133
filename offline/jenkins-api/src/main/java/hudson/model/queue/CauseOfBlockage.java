package hudson.model.queue;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/queue/CauseOfBlockage.java
 * ('abstract class CauseOfBlockage', no declared constructor). Only its abstract member, the
 * sentence the queue shows for a refusal.
 */
public abstract class CauseOfBlockage {
    public abstract String getShortDescription();
}
