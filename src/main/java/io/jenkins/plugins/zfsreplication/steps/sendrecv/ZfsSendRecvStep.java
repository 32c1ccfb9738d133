package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldText;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.transfer.Compression;
import io.jenkins.plugins.zfsreplication.transfer.RetryPolicy;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import java.time.Duration;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetStepDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStep;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.CredentialChoices;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChoices;
import hudson.util.ListBoxModel;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
import hudson.model.Item;
import hudson.util.FormValidation;

import hudson.Extension;
import hudson.ExtensionList;
import java.util.List;
import java.util.Map;
import org.jenkinsci.plugins.structs.describable.CustomDescribableModel;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * {@code zfsSendRecv plan: 'plan.json', transport: ssh(host: 'root@nas'), concurrency: 4}:
 * runs the plan's send steps from the agent the step runs on (the sending storage host), or with
 * {@code sourceHost} pulls them: zfs send on the source over ssh, zfs recv on this agent.
 * Returns a map: succeeded, cancelled, steps, failedSteps, bytes, datasets, skippedSteps, seconds, error,
 * outcomes and datasetOutcomes (every dataset of the plan by its outcome after the run). A dataset of
 * the plan that needs attention marks the build UNSTABLE.
 *
 * <p>The transport is a {@link SendRecvTransport} choice. The string form ({@code transport: 'ssh',
 * sshHost: 'root@nas'}), which older Jenkinsfiles and saved configurations hold, keeps its fields here:
 * Pipeline folds it into the choice ({@link DescriptorImpl#customInstantiate}), a saved configuration
 * loads into the fields, and both reach the settings through {@link #transportFields}.
 */
public final class ZfsSendRecvStep extends ZfsStep {
    /** A progress line every 5 s: the build log is read by people, not parsed at a 1 s rate. */
    private static final Duration SAMPLE_INTERVAL = Duration.ofSeconds(5);
    private final String plan;
    private SendRecvTransport chosenTransport; // null: the string form's fields below (an empty one: the system default)
    private String transport = "";
    private String sshHost = "";
    private String sshOptions = "";
    private int concurrency; // 0: the system default
    private String options = "";
    private String compression = TransferOptions.DEFAULT_COMPRESSION;
    private String buffer = TransferOptions.DEFAULT_BUFFER_SIZE;
    private String rateLimit = TransferOptions.NO_RATE_LIMIT;
    private String artifacts = "zfs-transfer";
    private String sshCredentialsId = ""; // "": the system default
    private String targetAgent = "";
    private String targetRoot = "";
    private String tcpAddress = "";
    private int tcpPort; // 0: any free ports
    private String targetRules = "";
    private String prefix = SnapshotNaming.DEFAULT_PREFIX; // the naming the target rules judge
    private boolean mountReceived; // false: zfs recv -u where the target has it
    private boolean sendDecrypted; // false: encrypted datasets are sent raw
    private boolean createParents; // false: a missing target parent is an error
    private boolean allowRollback; // false: a step the plan rolls back is refused
    private String targetId = ""; // "": no holds
    // the defaults as the form shows them (null, as older callers may set, takes them too)
    private Integer retries = RetryPolicy.DEFAULT.retries();
    private Integer retryDelay = (int) RetryPolicy.DEFAULT.delay().toSeconds();
    private String recvSet = ""; // zfs recv -o, "p=v p2=v2"
    private String recvExclude = ""; // zfs recv -x, "p p2"
    private String sourceHost = ""; // pull: zfs send runs there over ssh; "": on this agent
    @DataBoundConstructor
    public ZfsSendRecvStep(String plan) {
        this.plan = plan;
    }

    public String getPlan() {
        return plan;
    }

    /** The chosen transport; the string form's as its choice; null for the system default. */
    public SendRecvTransport getTransport() {
        if (chosenTransport != null) {
            return chosenTransport;
        }
        SendRecvTransport.Fields flat = flatFields();
        return Carriage.named(flat.word()).isPresent() ? SendRecvTransport.of(flat) : null;
    }

    /** {@code local()}, {@code ssh(...)}, {@code tcp(...)}; the form's "system default" is no value. */
    @DataBoundSetter
    public void setTransport(SendRecvTransport transport) {
        this.chosenTransport = transport instanceof TransportConfigured ? null : transport;
    }

    /** The string form, "local", "ssh", "tcp" or "" (the system default), with sshHost, targetAgent... beside it. */
    public void setTransport(String transport) {
        this.transport = transport;
        this.chosenTransport = null;
    }

    public String getSshHost() {
        return sshHost;
    }

    @DataBoundSetter
    public void setSshHost(String sshHost) {
        this.sshHost = sshHost;
    }

    public String getSshOptions() {
        return sshOptions;
    }

    @DataBoundSetter
    public void setSshOptions(String sshOptions) {
        this.sshOptions = sshOptions;
    }

    public int getConcurrency() {
        return concurrency;
    }

    @DataBoundSetter
    public void setConcurrency(int concurrency) {
        this.concurrency = concurrency;
    }

    public String getOptions() {
        return options;
    }

    @DataBoundSetter
    public void setOptions(String options) {
        this.options = options;
    }

    public String getCompression() {
        return compression;
    }

    @DataBoundSetter
    public void setCompression(String compression) {
        this.compression = compression;
    }

    public String getBuffer() {
        return buffer;
    }

    @DataBoundSetter
    public void setBuffer(String buffer) {
        this.buffer = buffer;
    }

    public String getRateLimit() {
        return rateLimit;
    }

    @DataBoundSetter
    public void setRateLimit(String rateLimit) {
        this.rateLimit = rateLimit;
    }

    public String getArtifacts() {
        return artifacts;
    }

    @DataBoundSetter
    public void setArtifacts(String artifacts) {
        this.artifacts = artifacts;
    }

    public String getSshCredentialsId() {
        return sshCredentialsId;
    }

    @DataBoundSetter
    public void setSshCredentialsId(String sshCredentialsId) {
        this.sshCredentialsId = sshCredentialsId;
    }

    public String getTargetAgent() {
        return targetAgent;
    }

    @DataBoundSetter
    public void setTargetAgent(String targetAgent) {
        this.targetAgent = targetAgent;
    }

    /** With targetAgent: the dataset there that plan.json may receive into. */
    public String getTargetRoot() {
        return targetRoot;
    }

    @DataBoundSetter
    public void setTargetRoot(String targetRoot) {
        this.targetRoot = targetRoot;
    }

    public String getTcpAddress() {
        return tcpAddress;
    }

    @DataBoundSetter
    public void setTcpAddress(String tcpAddress) {
        this.tcpAddress = tcpAddress;
    }

    public int getTcpPort() {
        return tcpPort;
    }

    @DataBoundSetter
    public void setTcpPort(int tcpPort) {
        this.tcpPort = tcpPort;
    }

    public String getTargetRules() {
        return targetRules;
    }

    @DataBoundSetter
    public void setTargetRules(String targetRules) {
        this.targetRules = targetRules;
    }

    public String getPrefix() {
        return prefix;
    }

    @DataBoundSetter
    public void setPrefix(String prefix) {
        this.prefix = prefix;
    }

    public boolean isMountReceived() {
        return mountReceived;
    }

    @DataBoundSetter
    public void setMountReceived(boolean mountReceived) {
        this.mountReceived = mountReceived;
    }

    public boolean isSendDecrypted() {
        return sendDecrypted;
    }

    @DataBoundSetter
    public void setSendDecrypted(boolean sendDecrypted) {
        this.sendDecrypted = sendDecrypted;
    }

    public boolean isCreateParents() {
        return createParents;
    }

    @DataBoundSetter
    public void setCreateParents(boolean createParents) {
        this.createParents = createParents;
    }

    public boolean isAllowRollback() {
        return allowRollback;
    }

    @DataBoundSetter
    public void setAllowRollback(boolean allowRollback) {
        this.allowRollback = allowRollback;
    }

    public String getTargetId() {
        return targetId;
    }

    @DataBoundSetter
    public void setTargetId(String targetId) {
        this.targetId = targetId;
    }

    public Integer getRetries() {
        return retries;
    }

    @DataBoundSetter
    public void setRetries(Integer retries) {
        this.retries = retries;
    }

    public Integer getRetryDelay() {
        return retryDelay;
    }

    @DataBoundSetter
    public void setRetryDelay(Integer retryDelay) {
        this.retryDelay = retryDelay;
    }

    public String getRecvSet() {
        return recvSet;
    }

    @DataBoundSetter
    public void setRecvSet(String recvSet) {
        this.recvSet = recvSet;
    }

    public String getRecvExclude() {
        return recvExclude;
    }

    @DataBoundSetter
    public void setRecvExclude(String recvExclude) {
        this.recvExclude = recvExclude;
    }

    public String getSourceHost() {
        return sourceHost;
    }

    /** Pull: zfs send runs on this [user@]host over ssh (sshOptions, sshCredentialsId), zfs recv on this agent. */
    @DataBoundSetter
    public void setSourceHost(String sourceHost) {
        this.sourceHost = sourceHost;
    }

    /**
     * The settings of a run, every field checked here on the controller; fields left empty take
     * {@code defaults} or the engine's. An engine option is one {@code with...} call below.
     */
    public SendRecvSettings settings(StepDefaults defaults) {
        RetryPolicy retry = new RetryPolicy(retries == null ? RetryPolicy.DEFAULT.retries() : retries,
                retryDelay == null ? RetryPolicy.DEFAULT.delay() : Duration.ofSeconds(retryDelay));
        TransferOptions transfer = FieldText.receiveProperties(recvSet, recvExclude)
                .withRequested(SendRecvSettings.sendOptions(options))
                .withCompression(Compression.byName(text(compression, TransferOptions.DEFAULT_COMPRESSION)))
                .withBuffer(Sizes.parse(text(buffer, TransferOptions.DEFAULT_BUFFER_SIZE)),
                        Sizes.parse(text(rateLimit, TransferOptions.NO_RATE_LIMIT)))
                .withConcurrency(defaults.concurrency(concurrency))
                .withMountReceived(mountReceived)
                .withRetry(retry)
                .withSendDecrypted(sendDecrypted)
                .withCreateParents(createParents)
                .withAllowRollback(allowRollback)
                .withTimes(SAMPLE_INTERVAL, TransferOptions.defaults().times().acceptTimeout(),
                        TransferOptions.defaults().times().silenceTimeout());
        // pulling receives here: the system's default transport (ssh, tcp: pushing) does not apply to it
        boolean pulls = sourceHost != null && !sourceHost.isBlank();
        SendRecvTransport.Fields wire = transportFields();
        String chosen = pulls && wire.word().isEmpty() ? Carriage.PIPE.word() : defaults.transport(wire.word());
        return new SendRecvSettings(plan, chosen, wire.sshHost(), wire.sshOptions(), artifacts, transfer, sourceHost);
    }

    private static String text(String value, String blank) {
        return value == null || value.isBlank() ? blank : value.strip();
    }

    /** The credential for the ssh transport or, pulling, for the source host; "" for the agent user's own keys. */
    public String credentialsId(StepDefaults defaults) {
        return defaults.sshCredentialsId(transportFields().credentialsId());
    }

    /** The receiving agent (tcp) and the target's rules between steps. */
    public SendRecvTarget target() {
        SendRecvTransport.Fields wire = transportFields();
        return new SendRecvTarget(wire.agent(), wire.tcpAddress(), wire.tcpPort(), targetRules, prefix, targetId);
    }

    /** The transport as the string form's fields: the chosen one over them, else they alone. */
    SendRecvTransport.Fields transportFields() {
        return chosenTransport == null ? flatFields() : chosenTransport.over(flatFields());
    }

    private SendRecvTransport.Fields flatFields() {
        return new SendRecvTransport.Fields(transport, sshHost, sshOptions, sshCredentialsId, targetAgent, tcpAddress,
                tcpPort, targetRoot);
    }

    @Override
    public StepRunner runner() {
        return runner(ZfsReplicationConfiguration.current());
    }

    /** The step's work with the fields it leaves empty taken from {@code defaults}. */
    public StepRunner runner(StepDefaults defaults) {
        return new SendRecvRunner(settings(defaults), credentialsId(defaults), target(), transportFields().targetRoot());
    }

    /** What an empty transport means in a step: the system configuration's. */
    static final String UNSET_TRANSPORT = "the system default (Manage Jenkins » System; built in: local)";

    @Extension
    @Symbol("zfsSendRecv")
    public static final class DescriptorImpl extends TargetStepDescriptor implements CustomDescribableModel {
        public DescriptorImpl() {
            super("zfsSendRecv", "ZFS send/recv: run a replication plan");
        }

        /** Pipeline's string form ({@code transport: 'ssh', sshHost: ...}) as the choice it names. */
        @Override
        public Map<String, Object> customInstantiate(Map<String, Object> arguments) {
            return SendRecvTransport.fromStringForm(arguments);
        }

        /** The form's transport choices, the system default first. */
        public List<SendRecvTransport.ChoiceDescriptor> getTransportDescriptors() {
            return ExtensionList.lookup(SendRecvTransport.ChoiceDescriptor.class);
        }

        public ListBoxModel doFillCompressionItems() {
            return FormChoices.model(FormChoices.compressions());
        }

        /** The ssh key credentials, to those who may see them ({@link CredentialChoices}). */
        @POST
        public ListBoxModel doFillSshCredentialsIdItems(@AncestorInPath Item item,
                                                        @QueryParameter String sshCredentialsId) {
            return CredentialChoices.sshKeys(item, sshCredentialsId);
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
        public FormValidation doCheckSourceHost(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.optionalHost(value));
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
        public FormValidation doCheckTargetId(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.targetId(value));
        }

        @POST
        public FormValidation doCheckRetries(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.retries(value));
        }

        @POST
        public FormValidation doCheckRetryDelay(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.retryDelay(value));
        }

        @POST
        public FormValidation doCheckRecvSet(@AncestorInPath Item item, @QueryParameter String value,
                                             @QueryParameter String recvExclude) {
            return FormChecks.answer(item, () -> FieldChecks.receiveProperties(value, recvExclude));
        }

        @POST
        public FormValidation doCheckTargetRules(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.retention(value));
        }
    }
}
