package hudson.model;

import hudson.security.AccessControlled;
import org.kohsuke.stapler.HttpDeletable;
import org.kohsuke.stapler.StaplerProxy;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/AbstractItem.java ('extends
 * Actionable implements Item, HttpDeletable, AccessControlled, DescriptorByNameOwner,
 * StaplerProxy', from a 2.4xx copy). Constructors are replaced by a package-private one: the
 * plugin never creates or subclasses this type.
 */
public abstract class AbstractItem extends Actionable
        implements Item, HttpDeletable, AccessControlled, DescriptorByNameOwner, StaplerProxy {
    AbstractItem() {
        // package-private on purpose, see the class comment
    }
}
