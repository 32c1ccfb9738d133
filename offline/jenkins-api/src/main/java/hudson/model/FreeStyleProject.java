package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/FreeStyleProject.java ('class
 * FreeStyleProject extends Project<FreeStyleProject, FreeStyleBuild> implements TopLevelItem').
 * Tests get one from JenkinsRule.createFreeStyleProject; the constructor is the real
 * (ItemGroup, String) one and throws here.
 */
public class FreeStyleProject extends Project<FreeStyleProject, FreeStyleBuild> implements TopLevelItem {
    public FreeStyleProject(ItemGroup parent, String name) {
        super(parent, name);
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
