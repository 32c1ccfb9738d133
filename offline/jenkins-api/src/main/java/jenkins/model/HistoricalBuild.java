package jenkins.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/HistoricalBuild.java
 * ('interface HistoricalBuild extends AddressableModelObject', @since 2.477, so Run implements it
 * on the 2.479 line). Placeholder supertype: declared empty; its own supertypes are listed in
 * docs/architecture.md.
 */
public interface HistoricalBuild extends AddressableModelObject {
}
