package io.jenkins.plugins.zfsreplication.steps.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import hudson.model.Descriptor;
import hudson.model.Fingerprint;
import hudson.tasks.Fingerprinter;
import org.htmlunit.html.DomElement;
import io.jenkins.plugins.zfsreplication.audit.AuditChainFixture;
import io.jenkins.plugins.zfsreplication.audit.ChainCheck;
import io.jenkins.plugins.zfsreplication.audit.ChainReport;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.Test;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/**
 * The audit trail inside a real Jenkins (root build only): audit.json written on the controller
 * after the zfs steps, chained across builds through the job's history, checked by the command
 * line's chain check on Jenkins' own build directories; Jenkins fingerprints on every manifest and
 * record, and the source's manifest linked to the build that compared with it. The verify steps
 * hash folders the Pipeline writes, so no ZFS is needed. Hashes are checked against sha256sum and
 * md5sum.
 */
@WithJenkins
class AuditTrailITest {
    private static final String VERIFY = """
            node {
                writeFile file: 'data/a.txt', text: 'same bytes'
                zfsVerify target: 'data', name: 'source'
            }
            """;

    @Test
    void shouldChainTheBuildsAuditRecordsThroughTheJobsHistory(JenkinsRule r) throws Exception {
        WorkflowJob job = pipeline(r, "nightly", VERIFY);

        WorkflowRun first = r.buildAndAssertSuccess(job);
        WorkflowRun second = r.buildAndAssertSuccess(job);

        assertThat(first.getArtifacts()).extracting(artifact -> artifact.relativePath).containsExactlyInAnyOrder(
                "audit.json", "source.manifest", "source-report.json", "source-throughput.csv", "source-throughput.svg");
        JsonNode one = audit(first);
        assertThat(one.get("job").asText()).isEqualTo("nightly");
        assertThat(one.get("build").asInt()).isEqualTo(1);
        assertThat(one.get("previous").isNull()).isTrue();
        assertThat(one.get("previousNote").asText()).isEqualTo("no earlier completed build of this job ran a zfs step");
        for (JsonNode artifact : one.get("artifacts")) {
            assertThat(artifact.get("sha256").asText()).as(artifact.get("path").asText())
                    .isEqualTo(AuditChainFixture.sha256sum(archived(first).resolve(artifact.get("path").asText())));
        }
        assertThat(one.get("verdicts").toString()).isEqualTo("[{\"artifact\":\"source-report.json\",\"verdict\":\"hashed\"}]");
        JsonNode two = audit(second);
        assertThat(two.get("previous").get("build").asInt()).isEqualTo(1);
        assertThat(two.get("previous").get("sha256").asText())
                .isEqualTo(AuditChainFixture.sha256sum(archived(first).resolve("audit.json")));
        r.assertLogContains("audit.json: 4 artifacts, sha256 ", second);
        r.assertLogContains("; links to build 1", second);
        // the command line's check reads Jenkins' own build directories (builds/N/archive)
        ChainReport report = ChainCheck.check(List.of(first.getRootDir().toPath(), second.getRootDir().toPath()), null);
        assertThat(report.line()).isEqualTo("audit chain intact: job 'nightly', builds 1 to 2 (2 builds, 8 artifacts); "
                + "build 1 starts the chain");
    }

    @Test
    void shouldFingerprintEveryManifestAndRecordAsProducedByTheBuild(JenkinsRule r) throws Exception {
        WorkflowRun run = r.buildAndAssertSuccess(pipeline(r, "fingerprints", VERIFY));

        Fingerprinter.FingerprintAction action = run.getAction(Fingerprinter.FingerprintAction.class);
        assertThat(action.getRecords()).containsOnlyKeys("audit.json", "source.manifest", "source-report.json");
        for (String file : List.of("audit.json", "source.manifest", "source-report.json")) {
            String md5 = md5sum(archived(run).resolve(file));
            assertThat(action.getRecords().get(file)).isEqualTo(md5);
            Fingerprint fingerprint = r.jenkins.getFingerprintMap().get(md5);
            assertThat(fingerprint.getOriginal().getName()).isEqualTo("fingerprints");
            assertThat(fingerprint.getOriginal().getNumber()).isEqualTo(run.getNumber());
            assertThat(fingerprint.getJobs()).containsExactly("fingerprints");
        }
    }

    @Test
    void shouldLinkTheSourcesManifestToTheBuildThatComparedWithIt(JenkinsRule r) throws Exception {
        WorkflowRun source = r.buildAndAssertSuccess(pipeline(r, "source", VERIFY));
        String manifest = Files.readString(archived(source).resolve("source.manifest"));
        // the target job gets the same manifest (as copyArtifacts or stash would bring it) and compares with it
        WorkflowRun target = r.buildAndAssertSuccess(pipeline(r, "target", """
                node {
                    writeFile file: 'data/a.txt', text: 'same bytes'
                    writeFile file: 'source.manifest', text: '''%s'''
                    zfsVerify target: 'data', name: 'copy', compareWith: 'source.manifest'
                }
                """.formatted(manifest)));

        Fingerprint fingerprint = r.jenkins.getFingerprintMap().get(md5sum(archived(source).resolve("source.manifest")));

        assertThat(fingerprint.getOriginal().getName()).isEqualTo("source");
        assertThat(fingerprint.getOriginal().getNumber()).isEqualTo(source.getNumber());
        assertThat(fingerprint.getJobs()).containsExactlyInAnyOrder("source", "target");
        assertThat(target.getAction(Fingerprinter.FingerprintAction.class).getRecords()).containsKey("source.manifest");
    }

    @Test
    void shouldSayOnTheBuildPageWhenThePredecessorsRecordWasDiscarded(JenkinsRule r) throws Exception {
        WorkflowJob job = pipeline(r, "discarded", VERIFY);
        WorkflowRun first = r.buildAndAssertSuccess(job);
        Files.delete(archived(first).resolve("audit.json"));

        WorkflowRun second = r.buildAndAssertSuccess(job);

        String note = "build 1 ran zfs steps but has no audit.json (its artifacts were discarded, or it ran before "
                + "audit records): the chain restarts here";
        assertThat(second.getAction(ZfsReplicationAction.class).getChainNote()).isEqualTo(note);
        JenkinsRule.WebClient web = r.createWebClient();
        web.getOptions().setJavaScriptEnabled(false);
        DomElement shown = web.goTo(job.getUrl() + second.getNumber() + "/").querySelector(".zfs-chain-note");
        assertThat(shown).as("the note on the build page").isNotNull();
        assertThat(shown.getAttribute("data-note")).isEqualTo(note);
        DomElement none = web.goTo(job.getUrl() + first.getNumber() + "/").querySelector(".zfs-chain-note");
        assertThat(none).as("no note where the chain starts").isNull();
        JsonNode two = audit(second);
        assertThat(two.get("previous").get("build").asInt()).isEqualTo(1);
        assertThat(two.get("previous").get("sha256").isNull()).isTrue();
        assertThat(two.get("previousNote").asText()).isEqualTo(note);
        assertThat(ChainCheck.check(List.of(second.getRootDir().toPath()), null).line()).isEqualTo(
                "audit chain intact: job 'discarded', builds 2 to 2 (1 builds, 4 artifacts); build 2 restarts the chain: "
                        + note);
    }

    @Test
    void shouldCheckTheChainFromTheJobPageAndNameAnEditedArtifactAndADeletedBuild(JenkinsRule r) throws Exception {
        WorkflowJob job = pipeline(r, "checked", VERIFY);
        WorkflowRun first = r.buildAndAssertSuccess(job);
        WorkflowRun second = r.buildAndAssertSuccess(job);
        WorkflowRun third = r.buildAndAssertSuccess(job);
        AuditChainAction action = job.getAction(AuditChainAction.class);
        assertThat(action).as("the job page's link").isNotNull();

        assertThat(action.getReport().line()).isEqualTo("audit chain intact: job 'checked', builds 1 to 3 (3 builds, "
                + "12 artifacts); build 1 starts the chain");
        JenkinsRule.WebClient web = r.createWebClient();
        web.getOptions().setJavaScriptEnabled(false);
        DomElement shown = web.goTo(job.getUrl() + "zfs-audit-chain/").querySelector(".zfs-audit-chain");
        assertThat(shown.getAttribute("data-intact")).isEqualTo("true");

        Path report = archived(second).resolve("source-report.json");
        Files.writeString(report, Files.readString(report).replace("\"files\"", "\"filez\""));
        assertThat(action.getReport().line()).startsWith("audit chain broken at build 2: artifact source-report.json "
                + "was changed (sha256 " + AuditChainFixture.sha256sum(report));
        shown = web.goTo(job.getUrl() + "zfs-audit-chain/").querySelector(".zfs-audit-chain");
        assertThat(shown.getAttribute("data-intact")).isEqualTo("false");
        assertThat(shown.getAttribute("data-broken-at")).isEqualTo("2");

        second.delete();
        assertThat(action.getReport().line()).isEqualTo("audit chain broken at build 3: its predecessor, build 2, is "
                + "missing (deleted?); the build given before it is 1");
        assertThat(first.getNumber()).isEqualTo(1);
        assertThat(third.getNumber()).isEqualTo(3);
    }

    /**
     * The newest build deleted, then the next one recorded: it links to the build before the deleted
     * one, and its link says the number it goes over was not in the job's history, which the job
     * page's check names.
     */
    @Test
    void shouldNameADeletedNewestBuildOnceTheNextOneIsRecorded(JenkinsRule r) throws Exception {
        WorkflowJob job = pipeline(r, "deleted", VERIFY);
        r.buildAndAssertSuccess(job);
        WorkflowRun second = r.buildAndAssertSuccess(job);
        r.buildAndAssertSuccess(job).delete();

        WorkflowRun fourth = r.buildAndAssertSuccess(job);

        JsonNode link = audit(fourth).get("previous");
        assertThat(link.get("build").asInt()).isEqualTo(2);
        assertThat(link.get("sha256").asText()).isEqualTo(AuditChainFixture.sha256sum(archived(second).resolve("audit.json")));
        assertThat(link.get("skipped").toString()).isEqualTo("[{\"build\":3,\"why\":\"absent\"}]");
        assertThat(job.getAction(AuditChainAction.class).getReport().line()).isEqualTo("audit chain broken at build 4: "
                + "build 3 was not in the job's history when build 4 was recorded: deleted before it ran (it links over"
                + " it to build 2)");
    }

    private static JsonNode audit(WorkflowRun run) throws IOException {
        try (InputStream in = run.getArtifactManager().root().child("audit.json").open()) {
            return new ObjectMapper().readTree(in);
        }
    }

    /** Where the standard artifact manager keeps the build's artifacts: builds/N/archive. */
    private static Path archived(WorkflowRun run) {
        return run.getRootDir().toPath().resolve("archive");
    }

    private static String md5sum(Path file) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("md5sum", "--", file.toString()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        return out.substring(0, 32);
    }

    // CpsFlowDefinition's constructor throws FormException (a non-sandboxed script an admin did not approve)
    private static WorkflowJob pipeline(JenkinsRule r, String name, String script)
            throws IOException, Descriptor.FormException {
        WorkflowJob job = r.createProject(WorkflowJob.class, name);
        job.setDefinition(new CpsFlowDefinition(script, true));
        return job;
    }
}
