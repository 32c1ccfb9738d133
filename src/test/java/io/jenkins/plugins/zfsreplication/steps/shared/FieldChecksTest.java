package io.jenkins.plugins.zfsreplication.steps.shared;

import io.jenkins.plugins.zfsreplication.steps.plan.PlanSettings;
import io.jenkins.plugins.zfsreplication.steps.prune.PruneSettings;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvStep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.util.Optional;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The configuration forms' checks: good values pass, bad ones get the engine's own message, and the
 * form never accepts what the run would refuse (nor refuses what it would accept).
 */
class FieldChecksTest {

    @Test
    void shouldAcceptWhatTheEngineAccepts() {
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(FieldChecks.dataset("tank/vm-01")).isEmpty();
        soft.assertThat(FieldChecks.blockSize("128K")).isEmpty();
        soft.assertThat(FieldChecks.threads("0")).isEmpty();
        soft.assertThat(FieldChecks.threads("8")).isEmpty();
        soft.assertThat(FieldChecks.hash("SHA256")).isEmpty();
        soft.assertThat(FieldChecks.sparse("auto")).isEmpty();
        soft.assertThat(FieldChecks.size("64M")).isEmpty();
        soft.assertThat(FieldChecks.size("")).isEmpty();
        soft.assertThat(FieldChecks.concurrency("64")).isEmpty();
        soft.assertThat(FieldChecks.concurrency("0")).as("0: the default").isEmpty();
        soft.assertThat(FieldChecks.concurrency("")).isEmpty();
        soft.assertThat(FieldChecks.transport("ssh")).isEmpty();
        soft.assertThat(FieldChecks.transport("")).isEmpty();
        soft.assertThat(FieldChecks.sendOptions("properties, large-blocks")).isEmpty();
        soft.assertThat(FieldChecks.compression("zstd")).isEmpty();
        soft.assertThat(FieldChecks.sshHost("ssh", "backup@nas-2.example.org")).isEmpty();
        soft.assertThat(FieldChecks.sshHost("local", "")).isEmpty();
        soft.assertThat(FieldChecks.plan("plans/nightly.json")).isEmpty();
        soft.assertThat(FieldChecks.artifacts("")).isEmpty();
        soft.assertThat(FieldChecks.datasets("tank/vm, tank/db tank/home")).isEmpty();
        soft.assertThat(FieldChecks.retention("grid: 1x1h(keep=all) | 24x1h | 14x1d")).isEmpty();
        soft.assertThat(FieldChecks.retention("")).isEmpty();
        soft.assertThat(FieldChecks.prefix("nightly")).isEmpty();
        soft.assertThat(FieldChecks.optionalHost("")).isEmpty();
        soft.assertAll();
    }

    @Test
    void shouldNameTheProblemOfEachBadValue() {
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(FieldChecks.dataset("tank/vm@daily")).contains(
                "Invalid ZFS name 'tank/vm@daily': a dataset name has no '@' or '#' (that is a snapshot or bookmark)");
        soft.assertThat(FieldChecks.blockSize("3000")).contains(
                "Block size 3000 is not a positive power of two: use e.g. 4K, 128K or 1M");
        soft.assertThat(FieldChecks.threads("many")).contains("Threads must be a whole number, not 'many'");
        soft.assertThat(FieldChecks.threads("300")).contains("Threads 300 out of range: use 1 to 256");
        soft.assertThat(FieldChecks.hash("md5")).hasValueSatisfying(m -> assertThat(m).startsWith("Unknown hash 'md5'"));
        soft.assertThat(FieldChecks.size("10 MB")).contains(
                "'10 MB' is not a size: give bytes or a number with K, M, G or T (binary: 1M = 1048576; 64M and 64MiB "
                        + "are the same)");
        soft.assertThat(FieldChecks.concurrency("65")).contains("Concurrency must be between 1 and 64, not 65");
        soft.assertThat(FieldChecks.concurrency("two")).contains("Concurrency must be a whole number, not 'two'");
        soft.assertThat(FieldChecks.transport("ftp")).hasValueSatisfying(m -> assertThat(m).startsWith(
                "Unknown transport 'ftp': zfsSendRecv runs 'local', 'ssh' or 'tcp'"));
        soft.assertThat(FieldChecks.transport("tcp")).isEmpty();
        soft.assertThat(FieldChecks.tcpAddress("tcp", " ")).contains(
                "The tcp transport needs tcpAddress: the target host's address as this agent reaches it");
        soft.assertThat(FieldChecks.tcpAddress("tcp", "nas,fork")).contains(
                "Invalid address 'nas,fork': give a host name, an IPv4 address or [IPv6]");
        soft.assertThat(FieldChecks.tcpAddress("local", "")).isEmpty();
        soft.assertThat(FieldChecks.agentName("backup/1")).contains("'backup/1' is not a Jenkins node name: it contains '/'");
        soft.assertThat(FieldChecks.agentName("backup-1")).isEmpty();
        soft.assertThat(FieldChecks.sendOptions("properties,fast")).hasValueSatisfying(
                m -> assertThat(m).startsWith("Unknown send option 'fast'"));
        soft.assertThat(FieldChecks.compression("gzip")).contains("Unknown compression 'gzip': use none, zstd or lz4");
        soft.assertThat(FieldChecks.sshHost("ssh", " ")).contains("The ssh transport needs sshHost ([user@]host)");
        soft.assertThat(FieldChecks.sshHost("ssh", "-oProxyCommand=x")).contains(
                "Invalid ssh destination '-oProxyCommand=x': use host or user@host");
        soft.assertThat(FieldChecks.plan("../plan.json")).contains(
                "plan must be a path inside the workspace, not '../plan.json'");
        soft.assertThat(FieldChecks.artifacts("/var/tmp")).contains(
                "artifacts must be a path inside the workspace, not '/var/tmp'");
        soft.assertAll();
    }

    @Test
    void shouldAgreeWithTheRunOnEveryField() {
        String[][] cases = {
            {"plan.json", "ssh", "root@nas;reboot", "1", "", "none", "64M", "0"},
            {"plan.json", "local", "", "65", "", "none", "64M", "0"},
            {"plan.json", "ftp", "", "2", "", "none", "64M", "0"},
            {"plan.json", "tcp", "", "2", "", "none", "64M", "0"},
            {"plan.json", "local", "", "2", "raw,nope", "none", "64M", "0"},
            {"plan.json", "local", "", "2", "", "brotli", "64M", "0"},
            {"plan.json", "local", "", "2", "", "lz4", "64Q", "0"},
            {"plan.json", "local", "", "2", "", "lz4", "64M", "-1"},
            {"../x", "local", "", "2", "", "lz4", "64M", "0"},
            {"plan.json", "ssh", "backup@nas", "4", "properties", "zstd", "1G", "100M"},
        };
        for (String[] c : cases) {
            ZfsSendRecvStep step = new ZfsSendRecvStep(c[0]);
            step.setTransport(c[1]);
            step.setSshHost(c[2]);
            step.setConcurrency(Integer.parseInt(c[3]));
            step.setOptions(c[4]);
            step.setCompression(c[5]);
            step.setBuffer(c[6]);
            step.setRateLimit(c[7]);
            Throwable run = catchThrowable(() -> step.settings(StepDefaults.BUILT_IN));
            Optional<String> form = FieldChecks.plan(c[0]).or(() -> FieldChecks.sshHost(c[1], c[2]))
                    .or(() -> FieldChecks.transport(c[1])).or(() -> FieldChecks.concurrency(c[3])).or(() -> FieldChecks.sendOptions(c[4]))
                    .or(() -> FieldChecks.compression(c[5])).or(() -> FieldChecks.size(c[6]))
                    .or(() -> FieldChecks.size(c[7]));
            assertThat(form).as(String.join(" ", c)).isEqualTo(Optional.ofNullable(run).map(Throwable::getMessage));
        }
    }

    @Test
    void shouldCheckPlanAndPruneFieldsAsTheirSettingsDo() {
        String[][] cases = {
            {"tank/vm", "backup", "", "zr", "last: 3", ""},
            {"", "backup", "", "zr", "", ""},
            {"tank/vm tank@x", "backup", "", "zr", "", ""},
            {"tank/vm", "backup@daily", "", "zr", "", ""},
            {"tank/vm", "backup", "-oProxyCommand=x", "zr", "", ""},
            {"tank/vm", "backup", "nas", "bad prefix!", "", ""},
            {"tank/vm", "backup", "nas", "zr", "grid: 24x1h | banana", ""},
            {"tank/vm", "backup", "nas", "zr", "", "keep everything"},
        };
        for (String[] c : cases) {
            Throwable run = catchThrowable(() -> {
                new PlanSettings(new SelectionSettings.Datasets(c[0], true, null, null, c[3]),
                        new SelectionSettings.Target(c[1], c[2]), PullSource.HERE, false, false);
                new PruneSettings("plan.json", c[4], c[5], c[3], "wall", false);
            });
            Optional<String> form = FieldChecks.datasets(c[0]).or(() -> FieldChecks.dataset(c[1]))
                    .or(() -> FieldChecks.optionalHost(c[2])).or(() -> FieldChecks.prefix(c[3]))
                    .or(() -> FieldChecks.retention(c[4])).or(() -> FieldChecks.retention(c[5]));
            assertThat(form.isPresent()).as("%s: run says %s, form says %s", String.join(" | ", c), run, form)
                    .isEqualTo(run != null);
            form.ifPresent(message -> assertThat(run.getMessage()).endsWith(message));
        }
    }

    @Test
    void shouldAcceptADatasetNameExactlyWhenTheEngineDoes() {
        for (String name : new String[] {"tank", "tank/a b", "tank//a", "/tank", "tank/a#b", "tank/" + "x".repeat(300)}) {
            Throwable engine = catchThrowable(() -> DatasetName.of(name));
            assertThat(FieldChecks.dataset(name)).as(name)
                    .isEqualTo(Optional.ofNullable(engine).map(Throwable::getMessage));
        }
    }

    @Test
    void shouldKeepThePrunedPlanAndItsReportInsideTheWorkspace() {
        for (String plan : new String[] {"../plan.json", "/etc/zfsr/plan.json", "out/../../plan.json"}) {
            Throwable refused = catchThrowable(() -> new PruneSettings(plan, null, null, null, "wall", false));
            assertThat(refused).as(plan).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("zfsPrune: plan must be a path inside the workspace, not '%s'", plan);
            assertThat(FieldChecks.plan(plan)).as("the form says the same of %s", plan)
                    .contains(String.format("plan must be a path inside the workspace, not '%s'", plan));
        }
        assertThat(new PruneSettings("out/plan.json", null, null, null, "wall", false).plan()).isEqualTo("out/plan.json");
        assertThat(catchThrowable(() -> new PruneSettings(" ", null, null, null, "wall", false))).as("blank: the default")
                .isNull();
    }
}
