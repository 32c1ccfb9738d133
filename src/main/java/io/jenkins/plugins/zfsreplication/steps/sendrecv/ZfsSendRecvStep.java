package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetAgent;
import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
import hudson.model.Item;
import hudson.util.FormValidation;
import java.io.IOException;
import java.util.Map;
import java.util.Set;

import hudson.Extension;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import org.jenkinsci.Symbol;
import org.jenkinsci.plugins.workflow.steps.Step;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepDescriptor;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.jenkinsci.plugins.workflow.steps.SynchronousNonBlockingStepExecution;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * {@code zfsSendRecv plan: 'plan.json', transport: 'ssh', sshHost: 'root@nas', concurrency: 4}:
 * runs the plan's send steps from the agent the step runs on (the sending storage host).
 * Returns a map: succeeded, cancelled, steps, failedSteps, bytes, datasets, skippedSteps, seconds, error.
 */
public final class ZfsSendRecvStep extends Step {
    private final SendRecvFields fields;

    @DataBoundConstructor
    public ZfsSendRecvStep(String plan) {
        this.fields = new SendRecvFields(plan);
    }

    public SendRecvFields fields() {
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
    public void setSshHost(String sshHost) {
        fields.sshHost = sshHost;
    }

    public String getSshOptions() {
        return fields.sshOptions;
    }

    @DataBoundSetter
    public void setSshOptions(String sshOptions) {
        fields.sshOptions = sshOptions;
    }

    public int getConcurrency() {
        return fields.concurrency;
    }

    @DataBoundSetter
    public void setConcurrency(int concurrency) {
        fields.concurrency = concurrency;
    }

    public String getOptions() {
        return fields.options;
    }

    @DataBoundSetter
    public void setOptions(String options) {
        fields.options = options;
    }

    public String getCompression() {
        return fields.compression;
    }

    @DataBoundSetter
    public void setCompression(String compression) {
        fields.compression = compression;
    }

    public String getBuffer() {
        return fields.buffer;
    }

    @DataBoundSetter
    public void setBuffer(String buffer) {
        fields.buffer = buffer;
    }

    public String getRateLimit() {
        return fields.rateLimit;
    }

    @DataBoundSetter
    public void setRateLimit(String rateLimit) {
        fields.rateLimit = rateLimit;
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

    public String getPrefix() {
        return fields.prefix;
    }

    @DataBoundSetter
    public void setPrefix(String prefix) {
        fields.prefix = prefix;
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
    public void setArtifacts(String artifacts) {
        fields.artifacts = artifacts;
    }

    @Override
    public StepExecution start(StepContext context) {
        StepDefaults defaults = ZfsReplicationConfiguration.current();
        return new Execution(context, fields.settings(defaults), fields.credentialsId(defaults), fields.target());
    }

    /** What the freestyle builder runs: the call the Pipeline execution makes, with the same settings. */
    void perform(StepDefaults defaults, Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        SendRecvRunner.run(fields.settings(defaults), fields.credentialsId(defaults), fields.target(), run, workspace,
                launcher, listener);
    }

    /** Runs the plan on the step's agent; an abort interrupts it, which ends every pipeline process. */
    static final class Execution extends SynchronousNonBlockingStepExecution<Map<String, Object>> {
        private static final long serialVersionUID = 1L;
        private final SendRecvSettings settings;
        private final String credentialsId; // the id only: the key is looked up when the step runs
        private final SendRecvTarget target;

        Execution(StepContext context, SendRecvSettings settings, String credentialsId, SendRecvTarget target) {
            super(context);
            this.settings = settings;
            this.credentialsId = credentialsId;
            this.target = target;
        }

        @Override
        protected Map<String, Object> run() throws Exception {
            StepContext context = getContext();
            return SendRecvRunner.run(settings, credentialsId, target, context.get(Run.class), context.get(FilePath.class),
                    context.get(Launcher.class), context.get(TaskListener.class)).toMap();
        }
    }

    @Extension
    @Symbol("zfsSendRecv")
    public static final class DescriptorImpl extends StepDescriptor {
        @Override
        public Set<? extends Class<?>> getRequiredContext() {
            return Set.of(Run.class, FilePath.class, Launcher.class, TaskListener.class);
        }

        @Override
        public String getFunctionName() {
            return "zfsSendRecv";
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

        @POST
        public FormValidation doCheckPrefix(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.prefix(value));
        }
    }
}
