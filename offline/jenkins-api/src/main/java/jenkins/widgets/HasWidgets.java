package jenkins.widgets;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/widgets/HasWidgets.java (@since
 * 2.410; default getWidgets() omitted). Placeholder supertype: declared empty; its own supertypes
 * are listed in docs/architecture.md.
 */
public interface HasWidgets {
}
