package jenkins.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/AddressableModelObject.java
 * (supertype of HistoricalBuild; the file itself is not in the searched index, so nothing of it
 * is modelled). Placeholder supertype: declared empty; its own supertypes are listed in
 * docs/architecture.md.
 */
public interface AddressableModelObject {
}
