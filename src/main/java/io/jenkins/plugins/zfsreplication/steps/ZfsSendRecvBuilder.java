package io.jenkins.plugins.zfsreplication.steps;

import java.io.IOException;

import hudson.EnvVars;
import hudson.Extension;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.AbstractProject;
import hudson.model.Item;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.tasks.BuildStepDescriptor;
import hudson.tasks.Builder;
import hudson.util.FormValidation;
import jenkins.tasks.SimpleBuildStep;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/** The freestyle form of {@link ZfsSendRecvStep}: the same fields, the same engine call. */
public final class ZfsSendRecvBuilder extends Builder implements SimpleBuildStep {
    private final SendRecvFields fields;

    @DataBoundConstructor
    public ZfsSendRecvBuilder(String plan) {
        this.fields = new SendRecvFields(plan);
    }

    SendRecvFields fields() {
        return fields;
    }

    public String getPlan() {
        return fields.plan;
    }

    public String getTransport() {
        return fields.transport;
    }

    @DataBoundSetter
    public void setTransport(String transport) {
        fields.transport = transport;
    }

    public String getSshHost() {
        return fields.sshHost;
    }

    @DataBoundSetter
    public void setSshHost(String host) {
        fields.sshHost = host;
    }

    public String getSshOptions() {
        return fields.sshOptions;
    }

    @DataBoundSetter
    public void setSshOptions(String arguments) {
        fields.sshOptions = arguments;
    }

    public int getConcurrency() {
        return fields.concurrency;
    }

    @DataBoundSetter
    public void setConcurrency(int datasets) {
        fields.concurrency = datasets;
    }

    public String getOptions() {
        return fields.options;
    }

    @DataBoundSetter
    public void setOptions(String names) {
        fields.options = names;
    }

    public String getCompression() {
        return fields.compression;
    }

    @DataBoundSetter
    public void setCompression(String name) {
        fields.compression = name;
    }

    public String getBuffer() {
        return fields.buffer;
    }

    @DataBoundSetter
    public void setBuffer(String size) {
        fields.buffer = size;
    }

    public String getRateLimit() {
        return fields.rateLimit;
    }

    @DataBoundSetter
    public void setRateLimit(String size) {
        fields.rateLimit = size;
    }

    public String getTargetAgent() {
        return fields.targetAgent;
    }

    @DataBoundSetter
    public void setTargetAgent(String targetAgent) {
        fields.targetAgent = targetAgent;
    }

    public String getTcpAddress() {
        return fields.tcpAddress;
    }

    @DataBoundSetter
    public void setTcpAddress(String tcpAddress) {
        fields.tcpAddress = tcpAddress;
    }

    public int getTcpPort() {
        return fields.tcpPort;
    }

    @DataBoundSetter
    public void setTcpPort(int tcpPort) {
        fields.tcpPort = tcpPort;
    }

    public String getTargetRules() {
        return fields.targetRules;
    }

    @DataBoundSetter
    public void setTargetRules(String targetRules) {
        fields.targetRules = targetRules;
    }

    public String getArtifacts() {
        return fields.artifacts;
    }

    public String getSshCredentialsId() {
        return fields.sshCredentialsId;
    }

    @DataBoundSetter
    public void setSshCredentialsId(String sshCredentialsId) {
        fields.sshCredentialsId = sshCredentialsId;
    }

    @DataBoundSetter
    public void setArtifacts(String directory) {
        fields.artifacts = directory;
    }

    @Override
    public void perform(Run<?, ?> run, FilePath workspace, EnvVars env, Launcher launcher, TaskListener listener)
            throws InterruptedException, IOException {
        StepDefaults defaults = ZfsReplicationConfiguration.current();
        SendRecvRunner.run(fields.settings(defaults), fields.credentialsId(defaults), fields.target(), run, workspace,
                launcher, listener);
    }

    @Extension
    @Symbol("zfsSendRecvBuilder")
    public static final class DescriptorImpl extends BuildStepDescriptor<Builder> {
        @Override
        public boolean isApplicable(Class<? extends AbstractProject> jobType) {
            return true;
        }

        @Override
        public String getDisplayName() {
            return "ZFS send/recv: run a replication plan";
        }

        @POST
        public FormValidation doCheckPlan(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.plan(value));
        }

        @POST
        public FormValidation doCheckArtifacts(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.artifacts(value));
        }

        @POST
        public FormValidation doCheckSshHost(@AncestorInPath Item item, @QueryParameter String transport,
                                             @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.sshHost(transport, value));
        }

        @POST
        public FormValidation doCheckConcurrency(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.concurrency(value));
        }

        @POST
        public FormValidation doCheckOptions(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.sendOptions(value));
        }

        @POST
        public FormValidation doCheckCompression(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.compression(value));
        }

        @POST
        public FormValidation doCheckBuffer(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.size(value));
        }

        @POST
        public FormValidation doCheckRateLimit(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.size(value));
        }

        @POST
        public FormValidation doCheckTargetAgent(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> TargetAgent.formCheck(value));
        }

        @POST
        public FormValidation doCheckTcpAddress(@AncestorInPath Item item, @QueryParameter String transport,
                                                @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.tcpAddress(transport, value));
        }

        @POST
        public FormValidation doCheckTargetRules(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.retention(value));
        }
    }
}
