package io.jenkins.plugins.zfsreplication.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import io.jenkins.plugins.zfsreplication.architecture.fixtures.JenkinsDependencies;
import io.jenkins.plugins.zfsreplication.architecture.fixtures.ProcessStarters;
import io.jenkins.plugins.zfsreplication.architecture.fixtures.PublicTestClass;
import io.jenkins.plugins.zfsreplication.architecture.fixtures.RestrictedUses;
import io.jenkins.plugins.zfsreplication.architecture.fixtures.WebMethods;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rules that keep the engine free of Jenkins and process starts in one place. Each rule is
 * checked on the project's classes and, as a control, on a fixture that breaks it, so that a rule
 * which silently stopped matching anything would fail here too.
 */
class ArchitectureTest {
    private static final String BASE = "io.jenkins.plugins.zfsreplication";
    private static final String FIXTURES = BASE + ".architecture.fixtures";
    private static final String RESTRICTED = "org.kohsuke.accmod.Restricted";
    private static final String POST = "org.kohsuke.stapler.verb.POST";

    /** Annotations that make a method a test for JUnit 5 or jqwik. */
    private static final Set<String> TEST_ANNOTATIONS = Set.of(
            "org.junit.jupiter.api.Test",
            "org.junit.jupiter.api.RepeatedTest",
            "org.junit.jupiter.api.TestFactory",
            "org.junit.jupiter.api.TestTemplate",
            "org.junit.jupiter.params.ParameterizedTest",
            "net.jqwik.api.Property",
            "net.jqwik.api.Example");

    /** Only the steps package may touch Jenkins, Stapler or remoting types. */
    static ArchRule jenkinsOnlyInSteps() {
        return noClasses().that().resideOutsideOfPackage(BASE + ".steps..")
                .should().dependOnClassesThat().resideInAnyPackage("hudson..", "jenkins..", "org.kohsuke..", "org.jenkinsci..")
                .because("the engine runs without Jenkins (command line, offline build); steps is the adapter");
    }

    /**
     * Processes start only in zfs (zfs/zpool commands) and transfer (the send/recv pipeline also
     * spawns zstd, mbuffer and ssh), so that argument vectors, timeouts and error capture live in two
     * places instead of everywhere.
     */
    static ArchRule processesOnlyInZfsAndTransfer() {
        DescribedPredicate<JavaMethodCall> runtimeExec = DescribedPredicate.describe("Runtime.exec(..)",
                call -> call.getTargetOwner().isEquivalentTo(Runtime.class) && "exec".equals(call.getName()));
        return noClasses().that().resideOutsideOfPackages(BASE + ".zfs..", BASE + ".transfer..")
                .should().dependOnClassesThat().belongToAnyOf(ProcessBuilder.class)
                .orShould().callMethodWhere(runtimeExec)
                .because("only the zfs and transfer packages start processes");
    }

    /**
     * transfer is layered: transfer.process (processes) below transfer (the step engine) below
     * transfer.tcp (the tcp transport and receiving side); nothing reaches up, so there is no cycle.
     */
    static ArchRule transferLayers(String transfer) {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("process").definedBy(transfer + ".process..")
                .layer("engine").definedBy(transfer)
                .layer("tcp").definedBy(transfer + ".tcp..")
                .whereLayer("tcp").mayNotBeAccessedByAnyLayer()
                .whereLayer("engine").mayOnlyBeAccessedByLayers("tcp")
                .whereLayer("process").mayOnlyBeAccessedByLayers("engine", "tcp");
    }

    /**
     * No cycle between any two packages, the Jenkins layer's sub-packages included: a step's package
     * may use shared and views, views and shared use none of the steps, so each can be read alone.
     */
    static ArchRule packagesFreeOfCycles(String base) {
        return slices().matching(base + ".(**)").should().beFreeOfCycles();
    }

    static ArchRule testClassesNotPublic() {
        DescribedPredicate<JavaClass> testClasses = DescribedPredicate.describe("contain tests",
                // an annotation such as @ZfsTest is named like a test but holds none: it must be
                // public to be used from other packages
                type -> !type.isAnnotation() && (type.getSimpleName().endsWith("Test") || type.getMethods().stream()
                        .anyMatch(method -> method.getAnnotations().stream()
                                .anyMatch(annotation -> TEST_ANNOTATIONS.contains(annotation.getRawType().getName())))));
        return classes().that(testClasses).should().notBePublic()
                .because("JUnit 5 does not need public test classes (CONTRIBUTING.md: package-private tests)");
    }

    /**
     * What the root build's access-modifier-checker refuses: any use of a Jenkins type or member
     * marked {@code @Restricted} (NoExternalUse, DoNotUse, Beta without useBeta, which the root pom
     * does not set), as a field or parameter type, a supertype, a call or a field access. The
     * annotation is read from the classes on the classpath: the real ones in the root build, the
     * stand-ins here, which carry it where the real classes do (StandInFactsTest keeps them to the
     * real declarations otherwise).
     */
    static ArchRule noRestrictedJenkinsApi() {
        DescribedPredicate<JavaClass> restrictedType = DescribedPredicate.describe("Jenkins marks @Restricted",
                type -> type.isAnnotatedWith(RESTRICTED));
        DescribedPredicate<JavaAccess<?>> restrictedMember = DescribedPredicate.describe("a member Jenkins marks @Restricted",
                access -> access.getTarget().resolveMember().map(member -> member.isAnnotatedWith(RESTRICTED)).orElse(false));
        return noClasses().that().resideInAPackage(BASE + "..")
                .should().dependOnClassesThat(restrictedType)
                .orShould().accessTargetWhere(restrictedMember)
                .because("the root build's access-modifier-checker fails on a @Restricted Jenkins API");
    }

    /**
     * A web method of the Jenkins layer ({@code doCheck...}, {@code doFill...Items}, any {@code do...})
     * that reads the request (a query parameter, the item in the URL) is {@code @POST}: Stapler then
     * refuses other verbs, so another site cannot make a user's browser run it (CSRF; Jenkins sends
     * the crumb with a form's own checks). Methods without parameters (choices that are the same
     * for everyone) may stay reachable by GET.
     */
    static ArchRule webMethodsThatReadTheRequestArePost(String steps) {
        DescribedPredicate<JavaMethod> readsTheRequest = DescribedPredicate.describe("read the request",
                method -> !method.getRawParameterTypes().isEmpty());
        return methods().that().arePublic().and().haveNameMatching("do[A-Z].*")
                .and().areDeclaredInClassesThat().resideInAPackage(steps + "..").and(readsTheRequest)
                .should().beAnnotatedWith(POST)
                .because("a web method reachable by GET can be triggered from another site (PermissionsITest "
                        + "checks the 404 in a real Jenkins)");
    }

    @Test
    void shouldRequirePostOfEveryWebMethodThatReadsTheRequest() {
        webMethodsThatReadTheRequestArePost(BASE + ".steps").check(mainClasses());
    }

    @Test
    void shouldReportAFormCheckReachableByGet() {
        assertViolatedBy(webMethodsThatReadTheRequestArePost(FIXTURES), WebMethods.CheckByGet.class);
    }

    @Test
    void shouldUseNoJenkinsApiMarkedRestricted() {
        withClassesResolvedFromTheClasspath(() -> noRestrictedJenkinsApi().check(mainClasses()));
    }

    @ParameterizedTest
    @ValueSource(classes = {RestrictedUses.Refers.class, RestrictedUses.Implements.class})
    void shouldReportAUseOfARestrictedJenkinsType(Class<?> fixture) {
        withClassesResolvedFromTheClasspath(() -> assertViolatedBy(noRestrictedJenkinsApi(), fixture));
    }

    /** The annotations of the classes used are only known when ArchUnit reads those classes too. */
    private static void withClassesResolvedFromTheClasspath(Runnable check) {
        ArchConfiguration configuration = ArchConfiguration.get();
        boolean before = configuration.resolveMissingDependenciesFromClassPath();
        configuration.setResolveMissingDependenciesFromClassPath(true);
        try {
            check.run();
        } finally {
            configuration.setResolveMissingDependenciesFromClassPath(before);
        }
    }

    @Test
    void shouldKeepJenkinsTypesInsideTheStepsPackage() {
        jenkinsOnlyInSteps().check(mainClasses());
    }

    @ParameterizedTest
    @ValueSource(classes = {JenkinsDependencies.OnHudson.class, JenkinsDependencies.OnJenkins.class,
            JenkinsDependencies.OnKohsuke.class, JenkinsDependencies.OnJenkinsci.class})
    void shouldReportAClassOutsideStepsThatUsesJenkins(Class<?> fixture) {
        assertViolatedBy(jenkinsOnlyInSteps(), fixture);
    }

    @Test
    void shouldStartProcessesOnlyInTheZfsAndTransferPackages() {
        processesOnlyInZfsAndTransfer().check(mainClasses());
    }

    @ParameterizedTest
    @ValueSource(classes = {ProcessStarters.WithProcessBuilder.class, ProcessStarters.WithRuntimeExec.class})
    void shouldReportAProcessStartedElsewhere(Class<?> fixture) {
        assertViolatedBy(processesOnlyInZfsAndTransfer(), fixture);
    }

    @Test
    void shouldLayerTheTransferPackagesWithoutACycle() {
        transferLayers(BASE + ".transfer").check(mainClasses());
    }

    @Test
    void shouldReportAProcessClassThatReachesUpIntoTheEngine() {
        assertViolatedInPackage(transferLayers(FIXTURES + ".transfer"), FIXTURES + ".transfer",
                FIXTURES + ".transfer.process.ReachesUp");
    }

    @Test
    void shouldKeepEveryPackageFreeOfCycles() {
        packagesFreeOfCycles(BASE).check(mainClasses());
    }

    @Test
    void shouldReportACycleBetweenTwoPackages() {
        assertViolatedInPackage(packagesFreeOfCycles(FIXTURES + ".cycle"), FIXTURES + ".cycle",
                FIXTURES + ".cycle.view.BuildPage");
    }

    @Test
    void shouldKeepTestClassesPackagePrivate() {
        testClassesNotPublic().check(testClasses());
    }

    @Test
    void shouldReportAPublicTestClass() {
        assertViolatedBy(testClassesNotPublic(), PublicTestClass.class);
    }

    /** The rule, checked on the fixtures' package {@code fixtures}, reports {@code culprit}. */
    private static void assertViolatedInPackage(ArchRule rule, String fixtures, String culprit) {
        EvaluationResult result = rule.evaluate(new ClassFileImporter().importPackages(fixtures));

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().getDetails()).anyMatch(detail -> detail.contains(culprit));
    }

    private static void assertViolatedBy(ArchRule rule, Class<?> fixture) {
        EvaluationResult result = rule.evaluate(new ClassFileImporter().importClasses(fixture));

        assertThat(result.hasViolation()).as("%s violates: %s", fixture.getName(), rule.getDescription()).isTrue();
        assertThat(result.getFailureReport().getDetails()).anyMatch(detail -> detail.contains(fixture.getName()));
    }

    private static JavaClasses mainClasses() {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(BASE);
    }

    private static JavaClasses testClasses() {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages(BASE)
                .that(DescribedPredicate.describe("are not fixtures", type -> !type.getPackageName().startsWith(FIXTURES)));
    }
}
