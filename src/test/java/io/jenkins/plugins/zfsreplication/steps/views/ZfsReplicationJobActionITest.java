package io.jenkins.plugins.zfsreplication.steps.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import hudson.model.Label;
import io.jenkins.plugins.zfsreplication.steps.views.TrendPoint.Verdict;
import org.htmlunit.html.DomElement;
import org.htmlunit.html.HtmlPage;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.junit.jupiter.api.Test;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/**
 * The job page's trend inside a real Jenkins (root build only): the factory adds the action to a
 * job whose builds ran a zfs step and to no other, and the job page names the proxy through which
 * the chart script asks for the model (the page itself carries none). The script itself is
 * checked by TrendChartScriptTest and bin/render-trend.
 */
@WithJenkins
class ZfsReplicationJobActionITest {

    @Test
    void shouldPutTheTrendOfTheBuildsOnTheJobPage(JenkinsRule r) throws Exception {
        r.createOnlineSlave(Label.get("zfs"));
        WorkflowJob job = pipeline(r, "nightly", """
                node('zfs') {
                    writeFile file: 'data/a.txt', text: 'same bytes'
                    zfsVerify target: 'data', name: 'source'
                }
                """);
        r.buildAndAssertSuccess(job);
        r.buildAndAssertSuccess(job);

        ZfsReplicationJobAction action = job.getAction(ZfsReplicationJobAction.class);

        assertThat(action).isNotNull();
        assertThat(action.getTrend().getPoints()).extracting(TrendPoint::build, p -> p.verifies().verdict())
                .containsExactly(tuple(1, Verdict.HASHED), tuple(2, Verdict.HASHED));
        JenkinsRule.WebClient web = r.createWebClient();
        web.getOptions().setJavaScriptEnabled(false);
        HtmlPage page = web.goTo(job.getUrl());
        DomElement chart = page.querySelector(".zfs-replication-trend");
        assertThat(chart).as("the trend element on the job page").isNotNull();
        assertThat(chart.getAttribute("data-proxy")).isEqualTo("zfsReplicationTrendProxy");
        assertThat(chart.getAttribute("data-model")).as("the page carries no model (HtmlUnit: empty when absent)").isEmpty();
        assertThat(action.getTrendModel()).isEqualTo(action.getTrend().toJson());
        assertThat(chart.getAttribute("data-job-url")).endsWith("/job/nightly/");
    }

    @Test
    void shouldLeaveJobsWithoutZfsStepsAlone(JenkinsRule r) throws Exception {
        WorkflowJob job = pipeline(r, "other", "node { echo 'no zfs here' }");
        r.buildAndAssertSuccess(job);

        assertThat(job.getAction(ZfsReplicationJobAction.class)).isNull();
    }

    private static WorkflowJob pipeline(JenkinsRule r, String name, String script) throws Exception {
        WorkflowJob job = r.createProject(WorkflowJob.class, name);
        job.setDefinition(new CpsFlowDefinition(script, true));
        return job;
    }
}
