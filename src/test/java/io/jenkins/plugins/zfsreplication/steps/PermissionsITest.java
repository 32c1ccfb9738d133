package io.jenkins.plugins.zfsreplication.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey;
import com.cloudbees.plugins.credentials.Credentials;
import com.cloudbees.plugins.credentials.CredentialsScope;
import com.cloudbees.plugins.credentials.SystemCredentialsProvider;
import com.cloudbees.plugins.credentials.domains.Domain;
import com.cloudbees.plugins.credentials.domains.HostnameSpecification;
import hudson.AbortException;
import hudson.ExtensionList;
import hudson.model.Descriptor;
import hudson.model.FreeStyleBuild;
import hudson.model.FreeStyleProject;
import hudson.model.Item;
import hudson.model.Label;
import hudson.model.Run;
import hudson.model.User;
import hudson.security.ACL;
import hudson.security.ACLContext;
import hudson.slaves.DumbSlave;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import io.jenkins.plugins.zfsreplication.steps.audit.AuditChainAction;
import io.jenkins.plugins.zfsreplication.steps.check.ZfsCheckStep;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvStep;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationJobAction;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import jenkins.model.Jenkins;
import org.htmlunit.HttpMethod;
import org.htmlunit.WebRequest;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.junit.jupiter.api.Test;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.MockAuthorizationStrategy;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;
import org.kohsuke.stapler.verb.POST;
import org.springframework.security.access.AccessDeniedException;

/**
 * The plugin's web methods and pages under Jenkins' security model (root build only: {@code mvn
 * verify}), with {@code MockAuthorizationStrategy}: a form's checks and dropdowns answer only those
 * who may configure the job (outside a job, administrators), refuse GET, and the system
 * configuration, the trend and the audit chain keep to the permissions they name, and an ssh key is
 * found only for the hosts its credential domain admits. Which agent a build may use is
 * TargetAgentITest's.
 */
@WithJenkins
class PermissionsITest {
    private static final String PLUGIN = "io.jenkins.plugins.zfsreplication.";
    /** Overall/Read and Item/Read: sees the job, not its configuration. */
    private static final String READER = "reader";
    /** Item/Configure too (and with it Item/Extended Read). */
    private static final String CONFIGURER = "configurer";
    /** Item/Read and Run/Artifacts: may read what the builds archived. */
    private static final String AUDITOR = "auditor";
    /** Overall/Read only. */
    private static final String STRANGER = "stranger";
    private static final String ADMIN = "admin";
    private static final String KEY_ID = "backup-key";
    /** The system property that turns Run/Artifacts on (read by Jenkins each time it asks). */
    private static final String ARTIFACTS_PERMISSION = "hudson.security.ArtifactsPermission";
    /** Wrong for every field it is tried on that these tests name: absolute, and no agent is called so. */
    private static final String WRONG = "/no-such-thing";

    @Test
    void shouldRefuseAGetOnEveryPostWebMethod(JenkinsRule r) throws Exception {
        secure(r);
        JenkinsRule.WebClient web = r.createWebClient().login(READER);
        List<String> refused = new ArrayList<>();

        for (Descriptor<?> descriptor : r.jenkins.getExtensionList(Descriptor.class)) {
            if (!descriptor.getClass().getName().startsWith(PLUGIN)) {
                continue;
            }
            for (Method method : descriptor.getClass().getMethods()) {
                if (method.isAnnotationPresent(POST.class)) {
                    String url = url(descriptor, method);
                    // @POST (stapler's HttpVerbInterceptor) cancels the dispatch of any other verb, so
                    // a GET finds no method at that URL: 404, and the method never runs
                    web.assertFails(url, 404);
                    // the same URL, posted with the crumb, is answered (200; an error status throws):
                    // the 404 is the verb's, not a wrong address
                    web.getPage(new WebRequest(web.createCrumbedUrl(url), HttpMethod.POST));
                    refused.add(descriptor.getClass().getSimpleName() + "." + method.getName());
                }
            }
        }

        assertThat(refused).contains("DescriptorImpl.doCheckPlan", "DescriptorImpl.doFillSshCredentialsIdItems",
                "DescriptorImpl.doFillTargetAgentItems", "DescriptorImpl.doCheckTargetAgent",
                "ZfsReplicationConfiguration.doCheckHash", "ZfsReplicationConfiguration.doFillSshCredentialsIdItems");
        // a method without @POST (its choices are everyone's) answers a GET
        Descriptor<?> sendRecv = ExtensionList.lookupSingleton(ZfsSendRecvStep.DescriptorImpl.class);
        web.goTo(url(sendRecv, ZfsSendRecvStep.DescriptorImpl.class.getMethod("doFillTransportItems")), null);
    }

    @Test
    void shouldShowSomeoneWhoMayNotConfigureTheJobNoCredentialsAgentsOrVerdicts(JenkinsRule r) throws Exception {
        FreeStyleProject job = secure(r);
        DumbSlave agent = r.createOnlineSlave(Label.get("backup"));
        ZfsSendRecvStep.DescriptorImpl sendRecv = ExtensionList.lookupSingleton(ZfsSendRecvStep.DescriptorImpl.class);
        ZfsCheckStep.DescriptorImpl check = ExtensionList.lookupSingleton(ZfsCheckStep.DescriptorImpl.class);
        ZfsReplicationConfiguration system = ExtensionList.lookupSingleton(ZfsReplicationConfiguration.class);

        // whoever may configure the job sees the key, the agents and the verdicts on wrong values
        as(CONFIGURER, () -> {
            assertThat(values(sendRecv.doFillSshCredentialsIdItems(job, ""))).containsExactly("", KEY_ID);
            assertThat(values(check.doFillSshCredentialsIdItems(job, ""))).containsExactly("", KEY_ID);
            assertThat(check.doFillTargetAgentItems(job)).containsExactly(agent.getNodeName());
            assertThat(check.doCheckTargetAgent(job, "no-such-agent").kind).isEqualTo(FormValidation.Kind.ERROR);
            assertThat(check.doCheckTargetAgent(job, agent.getNodeName()).kind).isEqualTo(FormValidation.Kind.OK);
            assertThat(sendRecv.doCheckPlan(job, WRONG).kind).isEqualTo(FormValidation.Kind.ERROR);
            // outside a job, only administrators get an answer
            assertThat(values(system.doFillSshCredentialsIdItems(""))).containsExactly("");
            assertThat(system.doCheckHash(null, "md4").kind).isEqualTo(FormValidation.Kind.OK);
            return null;
        });
        as(ADMIN, () -> {
            assertThat(values(system.doFillSshCredentialsIdItems(""))).containsExactly("", KEY_ID);
            assertThat(system.doCheckHash(null, "md4").kind).isEqualTo(FormValidation.Kind.ERROR);
            return null;
        });

        // someone who may only read the job: the empty choice, or back what the form sent, and no verdicts
        as(READER, () -> {
            assertThat(values(sendRecv.doFillSshCredentialsIdItems(job, ""))).containsExactly("");
            assertThat(values(sendRecv.doFillSshCredentialsIdItems(job, KEY_ID))).containsExactly(KEY_ID);
            assertThat(values(check.doFillSshCredentialsIdItems(job, ""))).containsExactly("");
            assertThat(values(system.doFillSshCredentialsIdItems(""))).containsExactly("");
            assertThat(check.doFillTargetAgentItems(job)).isEmpty();
            List<String> checked = new ArrayList<>();
            for (Descriptor<?> descriptor : r.jenkins.getExtensionList(Descriptor.class)) {
                if (!descriptor.getClass().getName().startsWith(PLUGIN)) {
                    continue;
                }
                for (Method method : descriptor.getClass().getMethods()) {
                    if (method.getName().startsWith("doCheck")) {
                        Item item = descriptor instanceof ZfsReplicationConfiguration ? null : job;
                        FormValidation answer = (FormValidation) method.invoke(descriptor, arguments(method, item));
                        assertThat(answer.kind).as("%s.%s", descriptor.getId(), method.getName())
                                .isEqualTo(FormValidation.Kind.OK);
                        assertThat(answer.getMessage()).as("%s.%s", descriptor.getId(), method.getName()).isNull();
                        checked.add(descriptor.getClass().getSimpleName() + "." + method.getName());
                    }
                }
            }
            assertThat(checked).contains("DescriptorImpl.doCheckTargetAgent", "DescriptorImpl.doCheckPlan",
                    "ZfsReplicationConfiguration.doCheckHash");
            return null;
        });
    }

    @Test
    void shouldKeepTheSystemConfigurationToAdministrators(JenkinsRule r) throws Exception {
        secure(r);
        ZfsReplicationConfiguration system = ExtensionList.lookupSingleton(ZfsReplicationConfiguration.class);

        // Jenkins leaves a section whose page needs Overall/Administer out of the page for Overall/Manage
        assertThat(system.getRequiredGlobalConfigPagePermission()).isSameAs(Jenkins.ADMINISTER);
        r.createWebClient().login(CONFIGURER).assertFails("manage/configure", 403);
        JenkinsRule.WebClient admin = r.createWebClient().login(ADMIN);
        admin.getOptions().setJavaScriptEnabled(false); // the page's permission, not its scripts
        admin.goTo("manage/configure");
    }

    @Test
    void shouldShowTheTrendAndTheAuditChainOnlyToThoseWhoMayReadThem(JenkinsRule r) throws Exception {
        secure(r);
        r.createOnlineSlave(Label.get("zfs"));
        WorkflowJob job = r.createProject(WorkflowJob.class, "verified");
        job.setDefinition(new CpsFlowDefinition("""
                node('zfs') {
                    writeFile file: 'data/a.txt', text: 'same bytes'
                    zfsVerify target: 'data', name: 'source'
                }
                """, true));
        r.buildAndAssertSuccess(job);
        ZfsReplicationJobAction trend = job.getAction(ZfsReplicationJobAction.class);
        AuditChainAction chain = job.getAction(AuditChainAction.class);
        assertThat(trend).isNotNull();
        assertThat(chain).isNotNull();

        as(STRANGER, () -> {
            assertThatThrownBy(trend::getTrendModel).isInstanceOf(AccessDeniedException.class);
            assertThat(chain.getIconFileName()).isNull();
            assertThatThrownBy(chain::getReport).isInstanceOf(AccessDeniedException.class);
            return null;
        });
        // Run/Artifacts is off (Jenkins' default): whoever may read the job may read its artifacts, and the chain
        as(READER, () -> {
            assertThat(trend.getTrendModel()).isEqualTo(trend.getTrend().toJson());
            assertThat(chain.getIconFileName()).isEqualTo("symbol-fingerprint");
            assertThat(chain.getReport().intact()).isTrue();
            return null;
        });
        // turned on, the chain (which shows what the builds archived) takes it: neither link nor report without
        System.setProperty(ARTIFACTS_PERMISSION, "true");
        try {
            as(READER, () -> {
                assertThat(trend.getTrendModel()).isEqualTo(trend.getTrend().toJson());
                assertThat(chain.getIconFileName()).isNull();
                assertThatThrownBy(chain::getReport).isInstanceOf(AccessDeniedException.class);
                return null;
            });
            as(AUDITOR, () -> {
                assertThat(chain.getIconFileName()).isEqualTo("symbol-fingerprint");
                assertThat(chain.getReport().intact()).isTrue();
                return null;
            });
        } finally {
            System.clearProperty(ARTIFACTS_PERMISSION);
        }
    }

    @Test
    void shouldFindAKeyOnlyForTheHostsItsDomainAdmits(JenkinsRule r) throws Exception {
        SystemCredentialsProvider.getInstance().setDomainCredentialsMap(Map.<Domain, List<Credentials>>of(
                new Domain("storage-a", "the source storage-a only", List.of(new HostnameSpecification("storage-a", null))),
                List.of(new BasicSSHUserPrivateKey(CredentialsScope.GLOBAL, "storage-a-pull", "zfs-pull",
                        new BasicSSHUserPrivateKey.DirectEntryPrivateKeySource("not a key: never used"), null,
                        "pulls from storage-a"))));
        FreeStyleBuild run = r.buildAndAssertSuccess(r.createFreeStyleProject("pull"));

        assertThat(SshKey.lookUp("zfsSendRecv", "storage-a-pull", run, SshKey.hostName("zfs-pull@storage-a")))
                .isEqualTo(new SshKey("zfs-pull", "not a key: never used\n"));
        // the same id for another host: the key is not handed out, the build is told why
        assertThatThrownBy(() -> SshKey.lookUp("zfsSendRecv", "storage-a-pull", run, "storage-b"))
                .isInstanceOf(AbortException.class)
                .hasMessage("zfsSendRecv: no 'SSH Username with private key' credential with id 'storage-a-pull' that "
                        + "this build may use for host 'storage-b': add it under Manage Jenkins » Credentials (in a "
                        + "domain that admits the host) or fix sshCredentialsId");
    }

    /** The users above, the dummy realm (password = name) and a global ssh key; the job "nightly". */
    private static FreeStyleProject secure(JenkinsRule r) throws Exception {
        r.jenkins.setSecurityRealm(r.createDummySecurityRealm());
        r.jenkins.setAuthorizationStrategy(new MockAuthorizationStrategy()
                .grant(Jenkins.READ).everywhere().to(STRANGER)
                .grant(Jenkins.READ, Item.READ).everywhere().to(READER)
                .grant(Jenkins.READ, Item.READ, Run.ARTIFACTS).everywhere().to(AUDITOR)
                .grant(Jenkins.READ, Item.READ, Item.CONFIGURE).everywhere().to(CONFIGURER)
                .grant(Jenkins.ADMINISTER).everywhere().to(ADMIN));
        SystemCredentialsProvider.getInstance().getCredentials().add(new BasicSSHUserPrivateKey(CredentialsScope.GLOBAL,
                KEY_ID, "backup", new BasicSSHUserPrivateKey.DirectEntryPrivateKeySource("not a key: never used"), null,
                "the backup host's key"));
        return r.createFreeStyleProject("nightly");
    }

    private static <T> T as(String user, Callable<T> call) throws Exception {
        try (ACLContext ignored = ACL.as2(User.getById(user, true).impersonate2())) {
            return call.call();
        }
    }

    private static List<String> values(ListBoxModel model) {
        return model.stream().map(option -> option.value).toList();
    }

    /** Stapler's URL of a descriptor's web method: doCheckPlan is checkPlan. */
    private static String url(Descriptor<?> descriptor, Method method) {
        String name = method.getName().substring("do".length());
        return "descriptorByName/" + descriptor.getId() + "/" + Character.toLowerCase(name.charAt(0))
                + name.substring(1);
    }

    /** The item where a check takes one, {@link #WRONG} for every text. */
    private static Object[] arguments(Method method, Item item) {
        Class<?>[] types = method.getParameterTypes();
        Object[] arguments = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            if (types[i] == Item.class) {
                arguments[i] = item;
            } else if (types[i] == String.class) {
                arguments[i] = WRONG;
            } else {
                throw new AssertionError(method + " takes a " + types[i].getName() + ": teach this test to pass one");
            }
        }
        return arguments;
    }
}
