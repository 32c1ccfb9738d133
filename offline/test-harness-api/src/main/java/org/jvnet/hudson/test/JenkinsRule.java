package org.jvnet.hudson.test;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.FreeStyleBuild;
import hudson.model.FreeStyleProject;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Label;
import hudson.model.Queue;
import hudson.model.Result;
import hudson.model.Run;
import hudson.model.TopLevelItem;
import hudson.security.AbstractPasswordBasedSecurityRealm;
import hudson.slaves.DumbSlave;
import hudson.tasks.Builder;
import java.io.IOException;
import jenkins.model.Jenkins;
import jenkins.model.ParameterizedJobMixIn;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins-test-harness src/main/java/org/jvnet/hudson/test/JenkinsRule.java
 * ('class JenkinsRule implements TestRule, MethodRule, RootAction'; the JUnit 4 rule interfaces and
 * RootAction are omitted: a JUnit 5 test receives the rule as a parameter, see WithJenkins). Only
 * the members the ITests use, with the real type parameters, bounds, annotations and throws clauses.
 * Add a member here (checked the same way, listed in docs/architecture.md) when an ITest needs one.
 */
@SuppressWarnings("rawtypes") // Run without type arguments, as in the real signatures
public class JenkinsRule {
    public Jenkins jenkins;

    public JenkinsRule() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <T extends TopLevelItem> T createProject(Class<T> type, String name) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <T extends TopLevelItem> T createProject(Class<T> type) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public FreeStyleProject createFreeStyleProject() throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public FreeStyleProject createFreeStyleProject(String name) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public DumbSlave createOnlineSlave() throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public DumbSlave createOnlineSlave(@CheckForNull Label l) throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <P extends Item> P configRoundtrip(P job) throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <B extends Builder> B configRoundtrip(B before) throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <R extends Run> R assertBuildStatus(Result status, R r) throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <R extends Run> R assertBuildStatusSuccess(R r) throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public <J extends Job<J, R> & ParameterizedJobMixIn.ParameterizedJob<J, R>, R extends Run<J, R> & Queue.Executable>
            R buildAndAssertSuccess(@NonNull J job) throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public <J extends Job<J, R> & ParameterizedJobMixIn.ParameterizedJob<J, R>, R extends Run<J, R> & Queue.Executable>
            R buildAndAssertStatus(@NonNull Result status, @NonNull J job) throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public FreeStyleBuild buildAndAssertSuccess(@NonNull FreeStyleProject job) throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void assertLogContains(String substring, Run run) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void assertLogNotContains(String substring, Run run) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static String getLog(Run run) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <R extends Run<?, ?>> R waitForCompletion(R r) throws InterruptedException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void assertEqualDataBoundBeans(Object lhs, Object rhs)
            throws java.lang.reflect.InvocationTargetException, NoSuchMethodException, IllegalAccessException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
    public DummySecurityRealm createDummySecurityRealm() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    /** Stand-in of the harness's test security realm (username == password); placeholder. */
    public static class DummySecurityRealm extends AbstractPasswordBasedSecurityRealm {
        DummySecurityRealm() {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }

    public WebClient createWebClient() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    /** Stand-in of JenkinsRule's HtmlUnit client: the member the ITests use. */
    public class WebClient extends org.htmlunit.WebClient {
        private static final long serialVersionUID = -7944895389154288881L;

        public WebClient() {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public WebClient login(String username) throws Exception {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public java.net.URL createCrumbedUrl(String relativePath) throws IOException {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public void assertFails(String url, int statusCode) throws Exception {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public org.htmlunit.Page goTo(String relative, @CheckForNull String expectedContentType)
                throws IOException, org.xml.sax.SAXException {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        public org.htmlunit.html.HtmlPage goTo(String relative) throws IOException, org.xml.sax.SAXException {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }
}
