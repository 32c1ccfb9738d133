package hudson.model;

import hudson.ExtensionPoint;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/TopLevelItem.java ('interface
 * TopLevelItem extends Item, ExtensionPoint, Describable<TopLevelItem>' with getDescriptor()
 * returning TopLevelItemDescriptor). Describable<TopLevelItem> and getDescriptor() are omitted:
 * only the bound of JenkinsRule.createProject needs this type, and dropping a supertype can only
 * make offline compilation stricter.
 */
public interface TopLevelItem extends Item, ExtensionPoint {
}
