package io.jenkins.plugins.zfsreplication.steps.views;

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
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.steps.coverage.ZfsCoverageBuilder;
import io.jenkins.plugins.zfsreplication.steps.coverage.ZfsCoverageStep;
import io.jenkins.plugins.zfsreplication.steps.restore.ZfsRestoreDrillBuilder;
import io.jenkins.plugins.zfsreplication.steps.restore.ZfsRestoreDrillStep;
import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanCallable;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanSettings;
import io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanBuilder;
import io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanStep;
import io.jenkins.plugins.zfsreplication.steps.check.ZfsCheckStep;
import io.jenkins.plugins.zfsreplication.steps.prune.PruneCallable;
import io.jenkins.plugins.zfsreplication.steps.prune.ZfsPruneBuilder;
import io.jenkins.plugins.zfsreplication.steps.prune.ZfsPruneStep;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.SendRecvCallable;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.SendRecvSettings;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvBuilder;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvStep;
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

/**
 * Everything this plugin leaves in Jenkins' XML files goes through XStream, and Jenkins 2.479.3
 * lets XStream write and read only the JDK classes its class filter (JEP-200) allows: a build
 * whose action holds any other JDK class loses its build.xml write, and with it the build's summary
 * and trend. Each persisted type (the run action and its records in build.xml, the freestyle
 * builders with their steps in config.xml, the global configuration in its own file) is written and
 * read back here through XStream 1.4.21, the version 2.479.3 bundles, with that filter, and must
 * come back equal.
 */
class PersistenceTest {
    /**
     * The JDK classes Jenkins 2.479.3 permits besides arrays, enums and throwables: the java.* and
     * sun.* lines of core/src/main/resources/jenkins/security/whitelisted-classes.txt at tag
     * jenkins-2.479.3. ClassFilterImpl.isBlacklisted(Class) of that tag permits a class from a code
     * source it trusts (core, remoting, any plugin: here every class with a code source), else an
     * array, a Throwable or an Enum, else one named in that file, and refuses the rest.
     * java.util.ImmutableCollections$ListN (List.of and List.copyOf of none or three and more
     * elements) is not among them: 2.492 added it.
     */
    private static final Set<String> JDK_CLASSES_PERMITTED = Set.of(
            "java.io.File", "java.lang.Boolean", "java.lang.Byte", "java.lang.Character", "java.lang.Class",
            "java.lang.Double", "java.lang.Enum", "java.lang.Float", "java.lang.Integer", "java.lang.Long",
            "java.lang.Number", "java.lang.Object", "java.lang.Short", "java.lang.StackTraceElement",
            "java.lang.String", "java.lang.String$CaseInsensitiveComparator", "java.lang.StringBuffer",
            "java.lang.StringBuilder", "java.lang.reflect.Proxy", "java.math.BigDecimal", "java.math.BigInteger",
            "java.net.URI", "java.net.URL", "java.security.KeyRep", "java.time.Ser", "java.util.ArrayDeque",
            "java.util.ArrayList", "java.util.Arrays$ArrayList", "java.util.CollSer",
            "java.util.Collections$AsLIFOQueue", "java.util.Collections$CheckedCollection",
            "java.util.Collections$CheckedList", "java.util.Collections$CheckedMap",
            "java.util.Collections$CheckedNavigableMap", "java.util.Collections$CheckedNavigableSet",
            "java.util.Collections$CheckedQueue", "java.util.Collections$CheckedRandomAccessList",
            "java.util.Collections$CheckedSet", "java.util.Collections$CheckedSortedMap",
            "java.util.Collections$CheckedSortedSet", "java.util.Collections$CopiesList",
            "java.util.Collections$EmptyList", "java.util.Collections$EmptyMap", "java.util.Collections$EmptySet",
            "java.util.Collections$SetFromMap", "java.util.Collections$SingletonList",
            "java.util.Collections$SingletonMap", "java.util.Collections$SingletonSet",
            "java.util.Collections$SynchronizedCollection", "java.util.Collections$SynchronizedList",
            "java.util.Collections$SynchronizedMap", "java.util.Collections$SynchronizedNavigableMap",
            "java.util.Collections$SynchronizedNavigableSet", "java.util.Collections$SynchronizedRandomAccessList",
            "java.util.Collections$SynchronizedSet", "java.util.Collections$SynchronizedSortedMap",
            "java.util.Collections$SynchronizedSortedSet", "java.util.Collections$UnmodifiableCollection",
            "java.util.Collections$UnmodifiableList", "java.util.Collections$UnmodifiableMap",
            "java.util.Collections$UnmodifiableNavigableMap", "java.util.Collections$UnmodifiableNavigableSet",
            "java.util.Collections$UnmodifiableRandomAccessList", "java.util.Collections$UnmodifiableSet",
            "java.util.Collections$UnmodifiableSortedMap", "java.util.Collections$UnmodifiableSortedSet",
            "java.util.Date", "java.util.EnumMap", "java.util.EnumSet", "java.util.GregorianCalendar",
            "java.util.HashMap", "java.util.HashSet", "java.util.Hashtable", "java.util.ImmutableCollections$List12",
            "java.util.LinkedHashMap", "java.util.LinkedHashSet", "java.util.LinkedList", "java.util.Locale",
            "java.util.Optional", "java.util.Properties", "java.util.RandomAccessSublist", "java.util.RegularEnumSet",
            "java.util.Stack", "java.util.Sublist", "java.util.TreeMap", "java.util.TreeMap$KeySet",
            "java.util.TreeSet", "java.util.UUID", "java.util.Vector", "java.util.concurrent.ConcurrentHashMap",
            "java.util.concurrent.ConcurrentLinkedDeque", "java.util.concurrent.ConcurrentLinkedQueue",
            "java.util.concurrent.ConcurrentSkipListMap", "java.util.concurrent.CopyOnWriteArrayList",
            "java.util.concurrent.CopyOnWriteArraySet", "java.util.concurrent.CountDownLatch",
            "java.util.concurrent.CountDownLatch$Sync", "java.util.concurrent.atomic.AtomicBoolean",
            "java.util.logging.Level", "java.util.logging.LogRecord", "java.util.regex.Pattern",
            "sun.security.rsa.RSAPublicKeyImpl", "sun.security.x509.X509Key");

    /** Whether Jenkins 2.479.3's class filter refuses {@code type} (see {@link #JDK_CLASSES_PERMITTED}). */
    static boolean refused(Class<?> type) {
        if (type.isArray() || Throwable.class.isAssignableFrom(type) || Enum.class.isAssignableFrom(type)) {
            return false;
        }
        if (type.isPrimitive() || type.getProtectionDomain().getCodeSource() != null) {
            return false; // a field's declared primitive type; or core, a plugin, this plugin
        }
        return !JDK_CLASSES_PERMITTED.contains(type.getName());
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
        Throwable refused = catchThrowable(() -> xstream().toXML(new ArrayList<>(List.of(List.of("a", "b", "c")))));
        assertThat(refused).hasMessageContaining("Refusing to marshal java.util.ImmutableCollections$ListN");
    }

    // the artifact lists are as long as the steps' own (three and more: List.of would make them ListN)

    private static PlanRecord plan() {
        ReplicationPlan plan = new ReplicationPlan(Instant.EPOCH, "local", "local", List.of(DatasetName.of("tank")),
                DatasetName.of("backup"), List.of());
        return PlanCallable.summary(plan, List.of()).record(new PlanSettings("tank", true, "backup", "", null, null,
                "zr", false, false), List.of("plan.json", "plan.txt", "plan.log"));
    }

    private static PruneRecord prune() {
        return new PruneCallable.Summary("", false, List.of(), true, 3, 14, 2, 1 << 20, null)
                .record(List.of("plan.json", "plan.txt", "prune-report.json"));
    }

    private static SendRecvRecord sendRecv() {
        Instant start = Instant.parse("2026-11-30T01:00:00Z");
        TransferReport report = new TransferReport(start, start.plusSeconds(90), "local", 2, List.of(),
                List.of(TrendFixtures.result(0, StepOutcome.OK, 1 << 20), TrendFixtures.result(1, StepOutcome.OK, 1 << 21)),
                List.of());
        return SendRecvCallable.summary(report, List.of("out/transfer.json", "out/throughput.csv", "out/throughput.svg"))
                .record(new SendRecvSettings("plan.json", "local", "", "", "out",
                        TransferOptions.defaults().withConcurrency(2).withBuffer(1 << 20, 0)));
    }

    @Test
    void shouldSaveAndLoadAPlanRecordWithItsArtifacts() {
        assertSavedAndLoaded(plan());
    }

    @Test
    void shouldSaveAndLoadAPruneRecordWithItsArtifacts() {
        assertSavedAndLoaded(prune());
    }

    @Test
    void shouldSaveAndLoadASendRecvRecordWithItsArtifacts() {
        assertSavedAndLoaded(sendRecv());
    }

    @Test
    void shouldSaveAndLoadAVerifyRecordWithItsArtifacts() {
        assertSavedAndLoaded(TrendFixtures.verify(0L));
    }

    @Test
    void shouldSaveAndLoadARestoreDrillRecordWithItsArtifacts() {
        DrillRecord record = new DrillRecord("nas-b", "backup/home", "s1", "42", "backup/drill", "source.manifest",
                "ab".repeat(32), true, true, true, Instant.parse("2026-11-29T03:00:00Z"),
                Instant.parse("2026-11-29T03:00:09Z"), "identical", 3158656, 4.25, 1.5, "compare: identical", true, null,
                List.of("receiving", "loading the key", "zfs destroy -r backup/drill"));

        assertSavedAndLoaded(new DrillStepRecord(record, "restore drill backup/home@s1: identical",
                List.of("restore-drill.json", "restore-drill.manifest", "restore-drill-report.json")));
    }

    @Test
    void shouldSaveAndLoadACoverageRecordWithItsFindings() {
        assertSavedAndLoaded(new CoverageRecord("coverage backup/copy: 97.9% of 35.0 MiB ...", "mismatch", "WARNING",
                0.979, 5 * 86_400, 1_474_560, 1_535_415, 1 << 20, 2, 6, null, "backup/copy/home@n05: identical",
                List.of("backup/copy/victim@n11: chunk 1 differs: t1 at offset 65536, 65536 bytes (source 1, copy 2)"),
                List.of("coverage-ledger.json", "coverage-night.json")));
    }

    @Test
    void shouldSaveAndLoadTheRunActionWithEveryKindOfRecord() {
        assertSavedAndLoaded(TrendFixtures.action(plan(), prune(), sendRecv(), TrendFixtures.verify(2L),
                TrendFixtures.coverage(0.5, 3600)));
    }

    @Test
    void shouldSaveAndLoadEveryBuilderWithItsStep() {
        ZfsSnapshotPlanStep plan = new ZfsSnapshotPlanStep("tank/a\ntank/b", "backup/a");
        plan.setRecursive(true);
        plan.setTargetAgent("storage-2");
        plan.setIncludes("tank/a/*");
        plan.setPrefix("nightly");
        plan.setSnapshotNow(true);
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
        ZfsCoverageStep coverage = new ZfsCoverageStep("backup/copy", "/var/lib/zfs-replication/manifests");
        coverage.setNights(14);
        coverage.setBudget("500G");
        coverage.setTimeBudget("3h");
        coverage.setDrillScratch("backup/drill");
        coverage.setDrillSeed(42);
        coverage.setWarn("16d");
        assertSavedAndLoaded(new ZfsCoverageBuilder(coverage));
    }

    @Test
    void shouldReadPlanAndCheckStepsSavedBeforeTheirSharedFieldsMovedIntoSelectionStep() {
        // as the steps were saved when each declared these fields itself: the elements carry no class
        String plan = "<io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanStep>"
                + "<sources>tank/a</sources><targetRoot>backup/a</targetRoot><recursive>true</recursive>"
                + "<targetAgent>storage-2</targetAgent><includes>tank/a/*</includes><prefix>nightly</prefix>"
                + "<snapshotNow>true</snapshotNow></io.jenkins.plugins.zfsreplication.steps.plan.ZfsSnapshotPlanStep>";
        String check = "<io.jenkins.plugins.zfsreplication.steps.check.ZfsCheckStep>"
                + "<sources>tank/b</sources><targetRoot>backup/b</targetRoot><targetHost>root@nas</targetHost>"
                + "<excludes>tank/b/tmp</excludes><warn>26h</warn><crit>50h</crit>"
                + "</io.jenkins.plugins.zfsreplication.steps.check.ZfsCheckStep>";

        ZfsSnapshotPlanStep loadedPlan = (ZfsSnapshotPlanStep) xstream().fromXML(plan);
        ZfsCheckStep loadedCheck = (ZfsCheckStep) xstream().fromXML(check);

        assertThat(loadedPlan).extracting(ZfsSnapshotPlanStep::getSources, ZfsSnapshotPlanStep::getTargetRoot,
                ZfsSnapshotPlanStep::isRecursive, ZfsSnapshotPlanStep::getTargetAgent, ZfsSnapshotPlanStep::getIncludes,
                ZfsSnapshotPlanStep::getPrefix, ZfsSnapshotPlanStep::isSnapshotNow)
                .containsExactly("tank/a", "backup/a", true, "storage-2", "tank/a/*", "nightly", true);
        assertThat(loadedCheck).extracting(ZfsCheckStep::getSources, ZfsCheckStep::getTargetRoot,
                ZfsCheckStep::getTargetHost, ZfsCheckStep::getExcludes, ZfsCheckStep::getWarn, ZfsCheckStep::getCrit,
                ZfsCheckStep::isRecursive).containsExactly("tank/b", "backup/b", "root@nas", "tank/b/tmp", "26h", "50h",
                false);
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
