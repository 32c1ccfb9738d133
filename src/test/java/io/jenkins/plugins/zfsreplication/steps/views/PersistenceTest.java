package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.restore.DrillResult;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.converters.ConversionException;
import com.thoughtworks.xstream.converters.Converter;
import com.thoughtworks.xstream.converters.MarshallingContext;
import com.thoughtworks.xstream.converters.UnmarshallingContext;
import com.thoughtworks.xstream.converters.collections.CollectionConverter;
import com.thoughtworks.xstream.core.JVM;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;
import com.thoughtworks.xstream.security.AnyTypePermission;
import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.steps.coverage.ZfsCoverageBuilder;
import io.jenkins.plugins.zfsreplication.steps.coverage.ZfsCoverageStep;
import io.jenkins.plugins.zfsreplication.steps.restore.ZfsRestoreDrillBuilder;
import io.jenkins.plugins.zfsreplication.steps.restore.ZfsRestoreDrillStep;
import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanCallable;
import io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanBuilder;
import io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanStep;
import io.jenkins.plugins.zfsreplication.steps.check.ZfsCheckBuilder;
import io.jenkins.plugins.zfsreplication.steps.check.ZfsCheckStep;
import io.jenkins.plugins.zfsreplication.steps.prune.PruneCallable;
import io.jenkins.plugins.zfsreplication.steps.prune.ZfsPruneBuilder;
import io.jenkins.plugins.zfsreplication.steps.prune.ZfsPruneStep;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.SendRecvCallable;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.SendRecvSettings;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvBuilder;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvStep;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.TransportSsh;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.TransportTcp;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.steps.verify.ZfsVerifyBuilder;
import io.jenkins.plugins.zfsreplication.steps.verify.ZfsVerifyStep;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import org.junit.jupiter.api.Test;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.steps.check.CheckCallable;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.CodeSource;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import jenkins.model.Jenkins;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Everything this plugin leaves in Jenkins' XML files goes through XStream, and Jenkins lets
 * XStream write and read only the classes its class filter (JEP-200) allows: a build whose action
 * holds any other class loses its build.xml write, and with it the build's summary and trend. Each
 * persisted type (the run action and its records in build.xml, the freestyle builders with their
 * steps in config.xml, the global configuration in its own file) is written and read back here
 * through XStream 1.4.21, the version Jenkins 2.541.3 bundles (bom/pom.xml at tag jenkins-2.541.3),
 * with that release's filter, with none, one, two and many elements in each list, and must come
 * back equal.
 */
class PersistenceTest {
    /**
     * The JDK classes Jenkins 2.541.3 permits by name: the java.* and sun.* lines of its
     * whitelisted-classes.txt, kept beside this test.
     */
    private static final Set<String> JDK_CLASSES_PERMITTED = whitelist();

    /** Where Jenkins core's classes come from (the stand-ins here, jenkins-core in the root build). */
    private static final String JENKINS_LOCATION = location(Jenkins.class);

    private static Set<String> whitelist() {
        try (InputStream in = PersistenceTest.class.getResourceAsStream("whitelisted-classes-2.541.3.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#")).collect(Collectors.toUnmodifiableSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Whether Jenkins 2.541.3's class filter refuses {@code type}: ClassFilterImpl.isBlacklisted(Class)
     * of tag jenkins-2.541.3 permits an array, a Throwable or an Enum; then a class whose code source
     * is Jenkins core, a jar with a plugin's manifest, or a plugin's own target/classes; then one
     * named in whitelisted-classes.txt; and refuses the rest: a library jar that is no plugin
     * (Jackson, picocli, zero-allocation-hashing) as much as an unlisted JDK class.
     */
    static boolean refused(Class<?> type) {
        if (type.isArray() || Throwable.class.isAssignableFrom(type) || Enum.class.isAssignableFrom(type)
                || type.isPrimitive()) {
            return false; // or a field's declared primitive type
        }
        String location = location(type);
        if (location != null && (location.equals(JENKINS_LOCATION) || location.endsWith("/target/classes/")
                || pluginJar(location))) {
            return false;
        }
        return !JDK_CLASSES_PERMITTED.contains(type.getName());
    }

    private static String location(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        return source == null || source.getLocation() == null ? null : source.getLocation().toString();
    }

    /** A jar whose manifest names a plugin, as ClassFilterImpl.isPluginManifest reads it. */
    private static boolean pluginJar(String location) {
        if (!location.endsWith(".jar")) {
            return false;
        }
        try (JarFile jar = new JarFile(new File(URI.create(location)), false)) {
            Manifest manifest = jar.getManifest();
            if (manifest == null) {
                return false;
            }
            Attributes main = manifest.getMainAttributes();
            return main.getValue("Short-Name") != null
                    && (main.getValue("Plugin-Version") != null || main.getValue("Jenkins-Version") != null)
                    || "true".equals(main.getValue("Jenkins-ClassFilter-Whitelisted"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * XStream as Jenkins' XStream2 sets it up for this purpose: every type permitted to XStream
     * itself (JEP-200 replaces its own permissions), a converter of the highest priority that claims
     * every refused type and throws on it (XStream2's BlacklistedTypesConverter), and the collection
     * converter taking CopyOnWriteArrayList and CopyOnWriteArraySet too (RobustCollectionConverter).
     * The reflection provider is XStream's default, as in XStream2: objects are made without running
     * a constructor.
     */
    static XStream xstream() {
        XStream xstream = new XStream();
        xstream.addPermission(AnyTypePermission.ANY);
        xstream.registerConverter(new CollectionConverter(xstream.getMapper()) {
            @Override
            public boolean canConvert(@SuppressWarnings("rawtypes") Class type) {
                return super.canConvert(type) || type == CopyOnWriteArrayList.class || type == CopyOnWriteArraySet.class;
            }
        }, 10);
        xstream.registerConverter(new Converter() {
            @Override
            public boolean canConvert(@SuppressWarnings("rawtypes") Class type) {
                return type != null && refused(type);
            }

            @Override
            public void marshal(Object source, HierarchicalStreamWriter writer, MarshallingContext context) {
                throw new UnsupportedOperationException("Refusing to marshal " + source.getClass().getName()
                        + " for security reasons");
            }

            @Override
            public Object unmarshal(HierarchicalStreamReader reader, UnmarshallingContext context) {
                throw new ConversionException("Refusing to unmarshal " + reader.getNodeName() + " for security reasons");
            }
        }, XStream.PRIORITY_VERY_HIGH);
        return xstream;
    }

    private static <T> void assertSavedAndLoaded(T value) {
        XStream xstream = xstream();
        String xml = xstream.toXML(value);
        Object loaded = xstream.fromXML(xml);
        assertThat(loaded).as("%s read back from%n%s", value.getClass().getSimpleName(), xml)
                .isInstanceOf(value.getClass())
                .usingRecursiveComparison().isEqualTo(value);
    }

    @Test
    void shouldRefuseWhatJenkinsRefuses() {
        // the filter itself: without it this test would pass against any XStream
        Throwable refusedJdk = catchThrowable(() -> xstream().toXML(new ArrayList<>(List.of(Set.of("a", "b", "c")))));
        Throwable refusedLibrary = catchThrowable(() -> xstream().toXML(new ArrayList<>(List.of(new ObjectMapper()))));

        assertThat(refusedJdk).hasMessageContaining("Refusing to marshal java.util.ImmutableCollections$SetN");
        assertThat(refusedLibrary).hasMessageContaining("Refusing to marshal com.fasterxml.jackson.databind.ObjectMapper");
    }

    /** The lengths every persisted list is tried with: none, one, two (List.of's two shapes) and many. */
    static final List<Integer> lengths = List.of(0, 1, 2, 5);

    private static List<String> artifacts(int length) {
        return IntStream.range(0, length).mapToObj(i -> "out/artifact-" + i + ".json").toList();
    }

    /** zfsSnapshotPlan's record with as many artifacts as datasets that need attention. */
    private static PlanRecord plan(int artifacts) {
        List<DatasetPlan> diverged = IntStream.range(0, artifacts).mapToObj(i -> new DatasetPlan(
                DatasetName.of("tank/d" + i), DatasetName.of("backup/d" + i), DatasetAction.DIVERGED, "changed " + i,
                List.of())).toList();
        ReplicationPlan plan = new ReplicationPlan(Instant.EPOCH, "local", "local", List.of(DatasetName.of("tank")),
                DatasetName.of("backup"), diverged);
        return PlanCallable.summary(plan, "", List.of()).record("tank", artifacts(artifacts));
    }

    private static PruneRecord prune(int artifacts) {
        return new PruneCallable.Summary("", false, List.of(), new PruneCallable.Summary.Counts(true, 3, 14, 2, 1 << 20),
                null, null).record(artifacts(artifacts), false);
    }

    private static SendRecvRecord sendRecv(int artifacts) {
        Instant start = Instant.parse("2026-11-30T01:00:00Z");
        TransferReport report = new TransferReport(start, start.plusSeconds(90), "local", 2, List.of(),
                List.of(TrendFixtures.result(0, StepOutcome.OK, 1 << 20), TrendFixtures.result(1, StepOutcome.OK, 1 << 21)),
                List.of());
        // as many datasets that need a person as artifacts: the tally's list in every length
        List<DatasetAccount> accounts = IntStream.range(0, artifacts).mapToObj(i -> new DatasetAccount("tank/d" + i,
                i % 2 == 0 ? DatasetOutcome.FAILED : DatasetOutcome.ATTENTION, "reason " + i)).toList();
        return SendRecvCallable.summary(report, artifacts(artifacts), accounts)
                .record(new SendRecvSettings("plan.json", "local", "", "", "out",
                        TransferOptions.defaults().withConcurrency(2).withBuffer(1 << 20, 0)), true);
    }

    private static DrillStepRecord drill(int artifacts) {
        DrillRecord record = new DrillRecord(
                new DrillRecord.Subject("nas-b", "backup/home", "s1", "42", "backup/drill", "source.manifest",
                        "ab".repeat(32)),
                new DrillRecord.Keys(true, true, true), Instant.parse("2026-11-29T03:00:00Z"),
                Instant.parse("2026-11-29T03:00:09Z"),
                new DrillRecord.Outcome(DrillResult.IDENTICAL, 3158656, 4.25, 1.5, "compare: identical", true, null),
                List.of("receiving", "loading the key", "zfs destroy -r backup/drill"));
        return new DrillStepRecord(record, "restore drill backup/home@s1: identical", artifacts(artifacts));
    }

    @Test
    void shouldSaveAndLoadACoverageRecordWithItsFindings() {
        assertSavedAndLoaded(new CoverageRecord(new CoverageRecord.Texts("coverage backup/copy: 97.9% of 35.0 MiB ...",
                "mismatch", "WARNING", null, "backup/copy/home@n05: identical"),
                new CoverageRecord.Figures(0.979, 5 * 86_400, 1_474_560, 1_535_415, 1 << 20, 2, 6),
                List.of("backup/copy/victim@n11: chunk 1 differs: t1 at offset 65536, 65536 bytes (source 1, copy 2)"),
                List.of("coverage-ledger.json", "coverage-night.json")));
    }

    /** zfsCheck's record as the runner makes it, with {@code datasets} datasets and as many artifacts. */
    private static CheckRecord check(int datasets) {
        List<CheckCallable.DatasetAges> ages = IntStream.range(0, datasets).mapToObj(i -> new CheckCallable.DatasetAges(
                "tank/d" + i, i % 2 == 0 ? "OK" : "WARNING", "newest common snapshot " + i + " h old", 3600L * i, "zr-" + i,
                60L * i, -1)).toList();
        return new CheckCallable.Summary(datasets == 0 ? "UNKNOWN" : "OK", "ZFS OK", ages, List.of())
                .record("tank", artifacts(datasets));
    }

    @ParameterizedTest(name = "{0} artifacts")
    @FieldSource("lengths")
    void shouldSaveAndLoadEveryRecordWithItsArtifacts(int length) {
        assertSavedAndLoaded(plan(length));
        assertSavedAndLoaded(prune(length));
        assertSavedAndLoaded(sendRecv(length));
        assertSavedAndLoaded(TrendFixtures.verify(0L));
        assertSavedAndLoaded(drill(length));
    }

    @ParameterizedTest(name = "{0} datasets")
    @FieldSource("lengths")
    void shouldSaveAndLoadACheckRecordWithItsDatasets(int length) {
        assertSavedAndLoaded(check(length));
    }

    @ParameterizedTest(name = "{0} records")
    @FieldSource("lengths")
    void shouldSaveAndLoadTheRunAction(int length) {
        List<StepRecord> kinds = List.of(plan(2), prune(3), sendRecv(1), TrendFixtures.verify(2L), check(3), drill(0),
                TrendFixtures.coverage(0.5, 3600));
        StepRecord[] records = IntStream.range(0, length).mapToObj(i -> kinds.get(i % kinds.size()))
                .toArray(StepRecord[]::new);
        ZfsReplicationAction action = TrendFixtures.action(records);
        action.setChainNote(length == 1 ? "build 4's audit.json is gone" : null);

        assertSavedAndLoaded(action);
    }

    @Test
    void shouldLoadThePlanRecordOfABuildThatKeptNoOutcomes() {
        // build.xml as the versions before the per-outcome accounting wrote it: the same fields, none of the new
        String xml = """
                <io.jenkins.plugins.zfsreplication.steps.views.PlanRecord>
                  <sources>tank</sources>
                  <datasets>6</datasets>
                  <toSend>1</toSend>
                  <upToDate>1</upToDate>
                  <skipped>2</skipped>
                  <problems>3</problems>
                  <steps>2</steps>
                  <artifacts>
                    <string>plan.json</string>
                    <string>plan.txt</string>
                  </artifacts>
                </io.jenkins.plugins.zfsreplication.steps.views.PlanRecord>""";

        PlanRecord old = (PlanRecord) xstream().fromXML(xml);

        assertThat(old).extracting(PlanRecord::getSources, PlanRecord::getDatasets, PlanRecord::getToSend,
                PlanRecord::getUpToDate, PlanRecord::getSkipped, PlanRecord::getProblems, PlanRecord::getSteps,
                PlanRecord::getArtifacts).containsExactly("tank", 6, 1, 1, 2, 3, 2, List.of("plan.json", "plan.txt"));
        assertThat(old.isAccounted()).isFalse();
        assertThat(old.getAccounting()).isNull();
        assertThat(old.getAttention()).isEmpty();
        assertThat(old.count(DatasetOutcome.ATTENTION)).isZero();
        // and a record of this version writes the old fields under their old names, beside the new ones
        String written = xstream().toXML(plan(1));
        assertThat(written).contains("<problems>1</problems>").contains("<toSend>0</toSend>")
                .contains("<outcome>ATTENTION</outcome>").contains("<string>tank/d0: DIVERGED (changed 0)</string>");
    }

    @Test
    void shouldLoadTheSendRecvRecordOfABuildThatKeptNoOutcomes() {
        // build.xml as the versions before the per-outcome accounting wrote it
        String xml = """
                <io.jenkins.plugins.zfsreplication.steps.views.SendRecvRecord>
                  <plan>plan.json</plan>
                  <transport>local</transport>
                  <succeeded>true</succeeded>
                  <datasets>2</datasets>
                  <steps>3</steps>
                  <skippedSteps>0</skippedSteps>
                  <failedSteps>0</failedSteps>
                  <bytes>4096</bytes>
                  <seconds>1.5</seconds>
                  <error></error>
                  <artifacts>
                    <string>out/transfer.json</string>
                  </artifacts>
                  <aborted>false</aborted>
                </io.jenkins.plugins.zfsreplication.steps.views.SendRecvRecord>""";

        SendRecvRecord old = (SendRecvRecord) xstream().fromXML(xml);

        assertThat(old).extracting(SendRecvRecord::getPlan, SendRecvRecord::isSucceeded, SendRecvRecord::getDatasets,
                SendRecvRecord::getSteps, SendRecvRecord::getBytes, SendRecvRecord::getArtifacts)
                .containsExactly("plan.json", true, 2, 3, 4096L, List.of("out/transfer.json"));
        assertThat(old.getAccounting()).isNull();
        assertThat(old.getNeedingAPerson()).isEmpty();
        assertThat(xstream().toXML(sendRecv(1))).contains("<failedSteps>0</failedSteps>")
                .contains("<outcome>FAILED</outcome>").contains("<string>tank/d0: reason 0</string>");
    }

    /**
     * The record as this version writes it to build.xml, field by field: a later version must read it
     * back (every value) and write it again the same.
     */
    @Test
    void shouldWriteAndReadTheSendRecvRecordAsItsBuildXmlHoldsIt() {
        String xml = """
                <io.jenkins.plugins.zfsreplication.steps.views.SendRecvRecord>
                  <plan>plan.json</plan>
                  <transport>local</transport>
                  <succeeded>true</succeeded>
                  <datasets>2</datasets>
                  <steps>2</steps>
                  <skippedSteps>0</skippedSteps>
                  <failedSteps>0</failedSteps>
                  <bytes>3145728</bytes>
                  <seconds>90.0</seconds>
                  <error></error>
                  <artifacts>
                    <string>out/artifact-0.json</string>
                  </artifacts>
                  <aborted>true</aborted>
                  <tally>
                    <counts>
                      <io.jenkins.plugins.zfsreplication.steps.views.OutcomeCount>
                        <outcome>SENT</outcome>
                        <count>0</count>
                      </io.jenkins.plugins.zfsreplication.steps.views.OutcomeCount>
                      <io.jenkins.plugins.zfsreplication.steps.views.OutcomeCount>
                        <outcome>CURRENT</outcome>
                        <count>0</count>
                      </io.jenkins.plugins.zfsreplication.steps.views.OutcomeCount>
                      <io.jenkins.plugins.zfsreplication.steps.views.OutcomeCount>
                        <outcome>EXCLUDED</outcome>
                        <count>0</count>
                      </io.jenkins.plugins.zfsreplication.steps.views.OutcomeCount>
                      <io.jenkins.plugins.zfsreplication.steps.views.OutcomeCount>
                        <outcome>ATTENTION</outcome>
                        <count>0</count>
                      </io.jenkins.plugins.zfsreplication.steps.views.OutcomeCount>
                      <io.jenkins.plugins.zfsreplication.steps.views.OutcomeCount>
                        <outcome>FAILED</outcome>
                        <count>1</count>
                      </io.jenkins.plugins.zfsreplication.steps.views.OutcomeCount>
                    </counts>
                    <needingAPerson>
                      <string>tank/d0: reason 0</string>
                    </needingAPerson>
                  </tally>
                </io.jenkins.plugins.zfsreplication.steps.views.SendRecvRecord>""";

        String written = xstream().toXML(sendRecv(1));
        assertThat(written).isEqualTo(xml);
        SendRecvRecord read = (SendRecvRecord) xstream().fromXML(xml);

        assertThat(read).extracting(SendRecvRecord::getPlan, SendRecvRecord::getTransport, SendRecvRecord::isSucceeded,
                SendRecvRecord::getDatasets, SendRecvRecord::getSteps, SendRecvRecord::getSkippedSteps,
                SendRecvRecord::getFailedSteps, SendRecvRecord::getBytes, SendRecvRecord::getSeconds,
                SendRecvRecord::getError, SendRecvRecord::getArtifacts, SendRecvRecord::isAborted,
                SendRecvRecord::getAccounting, SendRecvRecord::getNeedingAPerson)
                .containsExactly("plan.json", "local", true, 2, 2, 0, 0, 3L << 20, 90.0, "",
                        List.of("out/artifact-0.json"), true,
                        "0 sent, 0 already current, 0 excluded by the backup host's choice, 0 needs attention, 1 failed",
                        List.of("tank/d0: reason 0"));
    }

    @Test
    void shouldSaveAndLoadEveryBuilderWithItsStep() {
        ZfsSnapshotPlanStep plan = new ZfsSnapshotPlanStep("tank/a\ntank/b", "backup/a");
        plan.setRecursive(true);
        plan.setTargetAgent("storage-2");
        plan.setIncludes("tank/a/*");
        plan.setPrefix("nightly");
        plan.setSnapshotNow(true);
        plan.setTrustSourceOptOut(true);
        ZfsPruneStep prune = new ZfsPruneStep();
        prune.setPlan("out/plan.json");
        prune.setKeepTarget("grid: 1x1h(keep=all) | 24x1h");
        prune.setDestroy(true);
        ZfsSendRecvStep sendRecv = new ZfsSendRecvStep("out/plan.json");
        sendRecv.setTransport("tcp");
        sendRecv.setTargetAgent("storage-2");
        sendRecv.setTcpPort(9000);
        sendRecv.setConcurrency(3);
        sendRecv.setSshCredentialsId("backup-key");
        ZfsVerifyStep verify = new ZfsVerifyStep("disk.img");
        verify.setThreads(4);
        verify.setCompareWith("source.manifest");
        verify.setFailOnMismatch(false);

        assertSavedAndLoaded(new ZfsSnapshotPlanBuilder(plan));
        assertSavedAndLoaded(new ZfsPruneBuilder(prune));
        assertSavedAndLoaded(new ZfsSendRecvBuilder(sendRecv));
        assertSavedAndLoaded(new ZfsVerifyBuilder(verify));
        ZfsRestoreDrillStep drill = new ZfsRestoreDrillStep("backup/home@s1", "backup/drill", "source.manifest");
        drill.setKeyFile("/etc/zfs/keys/home.key");
        drill.setRateLimit("200M");
        assertSavedAndLoaded(new ZfsRestoreDrillBuilder(drill));
        ZfsCheckStep check = new ZfsCheckStep("tank/a\ntank/b", "backup");
        check.setTargetHost("root@nas-b");
        check.setWarn("26h");
        check.setCrit("50h");
        check.setTrustSourceOptOut(true);
        assertSavedAndLoaded(new ZfsCheckBuilder(check));
        ZfsCoverageStep coverage = new ZfsCoverageStep("backup/copy", "/var/lib/zfs-replication/manifests");
        coverage.setNights(14);
        coverage.setBudget("500G");
        coverage.setTimeBudget("3h");
        coverage.setDrillScratch("backup/drill");
        coverage.setDrillSeed(42);
        coverage.setWarn("16d");
        assertSavedAndLoaded(new ZfsCoverageBuilder(coverage));
    }

    /**
     * A freestyle zfsSendRecv saved before transports were choices (the string form: transport, sshHost,
     * targetAgent ... as fields; each file is what XStream wrote from the step of commit 81e75dd) loads,
     * runs as the same step set from Java runs, shows its transport as the choice, and saved again
     * loads the same. A choice saved with the step reads back whole.
     */
    @Test
    void shouldLoadSendRecvBuildersSavedWithTheStringFormAndRunThemAsBefore() throws IOException {
        ZfsSendRecvStep ssh = new ZfsSendRecvStep("out/plan.json");
        ssh.setTransport("ssh");
        ssh.setSshHost("backup@nas-b");
        ssh.setSshCredentialsId("nas-key");
        ssh.setSshOptions("-p 2222");
        ssh.setConcurrency(3);
        ZfsSendRecvStep tcp = new ZfsSendRecvStep("out/plan.json");
        tcp.setTransport("tcp");
        tcp.setTargetAgent("storage-2");
        tcp.setTcpAddress("10.0.0.7");
        tcp.setTcpPort(9000);
        tcp.setTargetRoot("backup");
        TransportSsh sshChoice = new TransportSsh("backup@nas-b");
        sshChoice.setCredentialsId("nas-key");
        sshChoice.setOptions("-p 2222");
        TransportTcp tcpChoice = new TransportTcp("storage-2", "10.0.0.7");
        tcpChoice.setPort(9000);
        tcpChoice.setTargetRoot("backup");

        for (Object[] saved : new Object[][] {{"sendrecv-string-form-ssh.xml", ssh, sshChoice},
                {"sendrecv-string-form-tcp.xml", tcp, tcpChoice}}) {
            String xml;
            try (InputStream in = PersistenceTest.class.getResourceAsStream((String) saved[0])) {
                xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            ZfsSendRecvStep loaded = ((ZfsSendRecvBuilder) xstream().fromXML(xml)).getSendRecv();
            ZfsSendRecvStep expected = (ZfsSendRecvStep) saved[1];
            assertThat(loaded.runner(StepDefaults.BUILT_IN)).as((String) saved[0])
                    .isEqualTo(expected.runner(StepDefaults.BUILT_IN));
            assertThat(loaded.getTransport()).isEqualTo(saved[2]);
            assertSavedAndLoaded(new ZfsSendRecvBuilder(loaded));

            ZfsSendRecvStep chosen = new ZfsSendRecvStep("out/plan.json");
            chosen.setConcurrency(expected.getConcurrency());
            chosen.setTransport((io.jenkins.plugins.zfsreplication.steps.sendrecv.SendRecvTransport) saved[2]);
            assertSavedAndLoaded(new ZfsSendRecvBuilder(chosen));
            ZfsSendRecvStep reloaded = ((ZfsSendRecvBuilder) xstream().fromXML(xstream().toXML(
                    new ZfsSendRecvBuilder(chosen)))).getSendRecv();
            assertThat(reloaded.runner(StepDefaults.BUILT_IN)).isEqualTo(expected.runner(StepDefaults.BUILT_IN));
        }
    }

    @Test
    void shouldSaveAndLoadTheGlobalConfiguration() {
        // made as XStream makes it when Jenkins loads the file: without running the constructor,
        // which loads the file
        ZfsReplicationConfiguration configuration = (ZfsReplicationConfiguration) JVM.newReflectionProvider()
                .newInstance(ZfsReplicationConfiguration.class);
        String xml = "<io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration><hash>sha256</hash>"
                + "<blockSize>4M</blockSize><concurrency>6</concurrency><transport>ssh</transport>"
                + "<sshCredentialsId>backup-key</sshCredentialsId></io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration>";
        xstream().fromXML(xml, configuration);
        assertThat(configuration.getConcurrency()).isEqualTo(6);
        assertSavedAndLoaded(configuration);
    }
}
