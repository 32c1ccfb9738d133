package io.jenkins.plugins.zfsreplication.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.architecture.PomFile.Dependency;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The two builds of one source tree must not drift apart: the root pom.xml (the Jenkins plugin,
 * never built here) and offline/ (what this machine and CI build) have to use the same library
 * versions, and the stand-ins must never reach an artifact. The repository root comes from the
 * system property zfsr.repo.root, which both builds' surefire configuration sets.
 */
class VersionAlignmentTest {
    private static final String STAND_INS = "io.jenkins.plugins.zfs-replication:jenkins-api-stand-ins";

    /**
     * Libraries that the plugin takes from an API plugin instead of bundling them. An API plugin's
     * version starts with the version of the library it wraps ({@code 3.2.1-213.v7401d99f6220} wraps 3.2.1), after
     * the plugin's own prefix where it has one ({@link #WRAPPER_PREFIXES}).
     */
    private static final Map<String, String> WRAPPING_PLUGINS = Map.of(
            "com.github.jnr:jnr-posix", "io.jenkins.plugins:jnr-posix-api",
            "com.fasterxml.jackson.core:jackson-databind", "org.jenkins-ci.plugins:jackson2-api",
            "org.bouncycastle:bcpkix-jdk18on", "org.jenkins-ci.plugins:bouncycastle-api");

    /** bouncycastle-api's versions read 2.30.BC-BUILD ({@code 2.30.1.84-291.v9f17b_21896e2} wraps 1.84). */
    private static final Map<String, String> WRAPPER_PREFIXES = Map.of("org.jenkins-ci.plugins:bouncycastle-api", "2.30.");

    /**
     * What the root pom's parent manages for the root build, by parent version: read from
     * jenkinsci/plugin-pom pom.xml at tag 6.2211.v27f680c93c53 (properties junit.version, imported as
     * junit-bom, and maven-surefire-plugin.version, spotbugs-maven-plugin.version). Keys are the
     * offline build's properties that must carry the same versions. A new parent version needs its
     * row, read the same way.
     */
    private static final Map<String, Map<String, String>> PARENT_POM_MANAGES = Map.of(
            "6.2211.v27f680c93c53", Map.of(
                    "junit.version", "6.1.2",
                    "surefire-plugin.version", "3.5.6",
                    "spotbugs-maven-plugin.version", "4.10.2.0"));

    /**
     * What Jenkins core ships, by core version, for the compile-only companions of the stand-ins
     * (scope provided offline, from jenkins-core in the root build): read from jenkinsci/jenkins at
     * tag jenkins-2.541.3, bom/pom.xml (guava, spring-security-bom, localizer, jakarta.servlet-api,
     * xstream) and its parent org.jenkins-ci:jenkins 1.142 (jenkinsci/pom, spotbugs-annotations.version).
     */
    private static final Map<String, Map<String, String>> JENKINS_CORE_SHIPS = Map.of(
            "2.541.3", Map.of(
                    "guava.version", "33.5.0-jre",
                    "spring-security.version", "6.5.7",
                    "localizer.version", "1.31",
                    "jakarta-servlet-api.version", "5.0.0",
                    "spotbugs-annotations.version", "4.9.8",
                    "xstream.version", "1.4.21"));

    /**
     * What the root pom's BOM manages, by BOM version, for the plugins the root pom declares: read
     * from jenkinsci/bom at commit 88c6c30f4bdb (release 6783.v88c6c30f4b_db_), bom-2.541.x/pom.xml
     * and the lines it imports (bom-2.555.x, bom-2.568.x, bom-weekly; the nearest line's entry wins).
     * The root pom gives none of them a version (the hosting checks refuse one), so the API plugins'
     * versions, which must wrap the offline build's libraries, are read here. A new BOM version needs
     * its row, read the same way.
     */
    private static final Map<String, Map<String, String>> BOM_MANAGES = Map.of(
            "6783.v88c6c30f4b_db_", Map.ofEntries(
                    Map.entry("org.jenkins-ci.plugins.workflow:workflow-step-api", "724.v538c2362b_dfb_"),
                    Map.entry("org.jenkins-ci.plugins.workflow:workflow-api", "1413.v2ff1a_5e720fa_"),
                    Map.entry("org.jenkins-ci.plugins:credentials", "1506.v948b_b_b_7dec44"),
                    Map.entry("org.jenkins-ci.plugins:ssh-credentials", "372.va_250881b_08cd"),
                    Map.entry("io.jenkins.plugins:jnr-posix-api", "3.2.1-213.v7401d99f6220"),
                    Map.entry("org.jenkins-ci.plugins:jackson2-api", "2.22.1-443.vc91f592333c4"),
                    Map.entry("org.jenkins-ci.plugins:bouncycastle-api", "2.30.1.84-291.v9f17b_21896e2"),
                    Map.entry("io.jenkins.plugins:echarts-api", "6.0.0-1247.vf3e35a_c1813f"),
                    Map.entry("org.jenkins-ci.plugins.workflow:workflow-cps", "4360.v2020e8819a_d6"),
                    Map.entry("org.jenkins-ci.plugins.workflow:workflow-job", "1571.1580.v18e46842c125"),
                    Map.entry("org.jenkins-ci.plugins.workflow:workflow-basic-steps", "1098.v808b_fd7f8cf4"),
                    Map.entry("org.jenkins-ci.plugins.workflow:workflow-durable-task-step", "1479.v56e587f413a_7"),
                    Map.entry("io.jenkins:configuration-as-code", "2108.v02b_430db_0cf5"),
                    Map.entry("io.jenkins.configuration-as-code:test-harness", "2108.v02b_430db_0cf5")));
    private static final String BOM = "io.jenkins.tools.bom:bom-${jenkins.baseline}.x";

    private PomFile root;
    private PomFile offlineParent;
    private PomFile offlinePlugin;

    @BeforeEach
    void readPoms() {
        String property = System.getProperty("zfsr.repo.root");
        assertThat(property).as("system property zfsr.repo.root (set by the surefire configuration of both builds)").isNotBlank();
        Path repository = Path.of(property);
        assertThat(Files.isRegularFile(repository.resolve("offline/pom.xml"))).as("%s is the repository root", repository).isTrue();

        root = PomFile.read(repository.resolve("pom.xml"), Map.of());
        offlineParent = PomFile.read(repository.resolve("offline/pom.xml"), Map.of());
        offlinePlugin = PomFile.read(repository.resolve("offline/plugin/pom.xml"), offlineParent.properties());
    }

    @Test
    void shouldDeclareSharedLibrariesWithTheSameVersionInBothBuilds() {
        Set<String> shared = new TreeSet<>();
        SoftAssertions softly = new SoftAssertions();
        for (Dependency offline : offlinePlugin.dependencies()) {
            root.find(offline.groupId(), offline.artifactId()).filter(plugin -> plugin.version() != null).ifPresent(plugin -> {
                shared.add(offline.coordinates());
                softly.assertThat(plugin.version()).as("version of %s in pom.xml", offline.coordinates()).isEqualTo(offline.version());
            });
        }
        softly.assertAll();

        // guards against a comparison that silently compares nothing
        assertThat(shared).contains("net.openhft:zero-allocation-hashing", "info.picocli:picocli",
                "org.assertj:assertj-core", "com.tngtech.archunit:archunit", "net.jqwik:jqwik");
    }

    @Test
    void shouldTestWithTheVersionsTheRootBuildsParentManages() {
        assertOfflineVersions(PARENT_POM_MANAGES, root.property("project.parent.version"), "the root build's parent");
    }

    @Test
    void shouldCompileAgainstWhatTheBaselineJenkinsShips() {
        assertOfflineVersions(JENKINS_CORE_SHIPS, root.property("jenkins.version"), "Jenkins");
    }

    /** offline/pom.xml's properties carry the versions {@code facts} keep for {@code version} of {@code what}. */
    private void assertOfflineVersions(Map<String, Map<String, String>> facts, String version, String what) {
        assertThat(facts).as("versions kept for %s %s", what, version).containsKey(version);
        SoftAssertions softly = new SoftAssertions();
        facts.get(version).forEach((property, expected) -> softly.assertThat(offlineParent.property(property))
                .as("<%s> in offline/pom.xml (%s %s has %s)", property, what, version, expected)
                .isEqualTo(expected));
        softly.assertAll();
    }

    @Test
    void shouldGiveEveryOfflineRuntimeLibraryACounterpartWithTheSameVersionInThePluginBuild() {
        SoftAssertions softly = new SoftAssertions();
        for (Dependency library : offlinePlugin.dependencies()) {
            if (!library.isRuntime()) {
                continue;
            }
            String wrapper = WRAPPING_PLUGINS.get(library.coordinates());
            if (wrapper == null) {
                softly.assertThat(versionInRoot(library.coordinates()))
                        .as("pom.xml bundles %s like the offline build", library.coordinates())
                        .isEqualTo(library.version());
            } else {
                softly.assertThat(versionInRoot(wrapper))
                        .as("pom.xml takes %s from %s, whose version must wrap %s", library.coordinates(), wrapper, library.version())
                        .startsWith(WRAPPER_PREFIXES.getOrDefault(wrapper, "") + library.version() + "-");
            }
        }
        softly.assertAll();
    }

    @Test
    void shouldLeaveEveryVersionTheBomManagesToTheBom() {
        Map<String, String> managed = bomManages();
        SoftAssertions softly = new SoftAssertions();
        int plugins = 0;
        for (Dependency dependency : root.dependencies()) {
            if (managed.containsKey(dependency.coordinates())) {
                plugins++;
                softly.assertThat(dependency.version()).as("version of %s in pom.xml (the BOM manages it)",
                        dependency.coordinates()).isNull();
            } else if (isJenkinsPlugin(dependency)) {
                softly.fail("%s: a plugin the BOM's row here does not list; read its version from the BOM", dependency.coordinates());
            }
        }
        softly.assertAll();
        assertThat(plugins).as("plugins pom.xml declares").isEqualTo(managed.size());
    }

    /** The versions the root pom's BOM manages, as kept in {@link #BOM_MANAGES}. */
    private Map<String, String> bomManages() {
        String bom = root.property("jenkins.baseline");
        String version = root.find("io.jenkins.tools.bom", "bom-" + bom + ".x").map(Dependency::version).orElseThrow();
        assertThat(BOM_MANAGES).as("versions kept for %s %s", BOM, version).containsKey(version);
        return BOM_MANAGES.get(version);
    }

    @Test
    void shouldBundleExactlyTheLibrariesThatNoPluginProvides() {
        Set<String> libraries = root.dependencies().stream()
                .filter(Dependency::isRuntime)
                .filter(dependency -> !isJenkinsPlugin(dependency))
                .map(Dependency::artifactId)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> bundled = Arrays.stream(root.property("hpi.bundledArtifacts").split(","))
                .map(String::trim)
                .collect(Collectors.toCollection(TreeSet::new));

        assertThat(root.property("hpi.strictBundledArtifacts")).isEqualTo("true");
        assertThat(bundled).as("hpi.bundledArtifacts in pom.xml").isEqualTo(libraries).contains("zero-allocation-hashing");
    }

    @Test
    void shouldKeepTheStandInsOutOfEveryArtifact() {
        // provided: on the compile classpath only, so neither the jar nor the shaded CLI jar contains them
        String[] standIns = STAND_INS.split(":");
        assertThat(offlinePlugin.find(standIns[0], standIns[1]))
                .map(Dependency::scope)
                .as("scope of %s in offline/plugin/pom.xml", STAND_INS)
                .contains("provided");
        assertThat(root.dependencies()).extracting(Dependency::coordinates).doesNotContain(STAND_INS);
    }

    /** The version the root build resolves: the pom's own, else the BOM's. */
    private String versionInRoot(String coordinates) {
        String[] parts = coordinates.split(":");
        return root.find(parts[0], parts[1]).map(Dependency::version).orElseGet(() -> bomManages().get(coordinates));
    }

    private static boolean isJenkinsPlugin(Dependency dependency) {
        return dependency.groupId().equals("io.jenkins.plugins") || dependency.groupId().startsWith("org.jenkins-ci.plugins");
    }
}
