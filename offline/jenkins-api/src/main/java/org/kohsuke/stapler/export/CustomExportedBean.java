package org.kohsuke.stapler.export;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/stapler
 * core/src/main/java/org/kohsuke/stapler/export/CustomExportedBean.java (toExportedObject()
 * omitted). Placeholder supertype: declared empty; its own supertypes are listed in
 * docs/architecture.md.
 */
public interface CustomExportedBean {
}
