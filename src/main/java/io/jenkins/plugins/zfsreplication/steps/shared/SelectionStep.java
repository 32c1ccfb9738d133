package io.jenkins.plugins.zfsreplication.steps.shared;

import org.kohsuke.stapler.DataBoundSetter;

/**
 * A step that selects source datasets and lists a target (zfsSnapshotPlan, zfsCheck): the fields
 * they share, with the same names in the Pipeline syntax, the forms and saved job XML, the pull
 * from a source host over ssh with its credential among them. Their descriptors check them in
 * {@link SelectionStepDescriptor}.
 */
public abstract class SelectionStep extends ZfsStep {
    private final String sources;
    private final String targetRoot;
    private boolean recursive;
    private String targetAgent;
    private String targetHost;
    private String includes;
    private String excludes;
    private String prefix;
    private String sourceHost; // pull: the source over ssh; blank: this agent's pools
    private String sshOptions; // ssh client arguments for sourceHost
    private String sshCredentialsId; // for sourceHost; blank: the system default, then the agent user's keys
    private boolean trustSourceOptOut; // for sourceHost: its own zfs-replication:backup=off leaves a dataset out

    /** @param prefix the snapshot naming the step starts with (null: the engine's default) */
    protected SelectionStep(String sources, String targetRoot, String prefix) {
        this.sources = sources;
        this.targetRoot = targetRoot;
        this.prefix = prefix;
    }

    public String getSources() { return sources; }
    public String getTargetRoot() { return targetRoot; }
    public boolean isRecursive() { return recursive; }
    public String getTargetAgent() { return targetAgent; }
    public String getTargetHost() { return targetHost; }
    public String getIncludes() { return includes; }
    public String getExcludes() { return excludes; }
    public String getPrefix() { return prefix; }
    public String getSourceHost() { return sourceHost; }
    public String getSshOptions() { return sshOptions; }
    public String getSshCredentialsId() { return sshCredentialsId; }
    public boolean isTrustSourceOptOut() { return trustSourceOptOut; }

    @DataBoundSetter public void setRecursive(boolean recursive) { this.recursive = recursive; }
    @DataBoundSetter public void setTargetAgent(String targetAgent) { this.targetAgent = targetAgent; }
    @DataBoundSetter public void setTargetHost(String targetHost) { this.targetHost = targetHost; }
    @DataBoundSetter public void setIncludes(String includes) { this.includes = includes; }
    @DataBoundSetter public void setExcludes(String excludes) { this.excludes = excludes; }
    @DataBoundSetter public void setPrefix(String prefix) { this.prefix = prefix; }
    /** Pull: list the source on this [user@]host over ssh; the step runs on the backup host's agent. */
    @DataBoundSetter public void setSourceHost(String sourceHost) { this.sourceHost = sourceHost; }
    @DataBoundSetter public void setSshOptions(String sshOptions) { this.sshOptions = sshOptions; }
    @DataBoundSetter public void setSshCredentialsId(String sshCredentialsId) { this.sshCredentialsId = sshCredentialsId; }
    /**
     * Pull: let the source host's own {@code zfs-replication:backup=off} leave a dataset out. Without it
     * the backup host decides alone (its includes and excludes): a source cannot opt out of its backup.
     */
    @DataBoundSetter public void setTrustSourceOptOut(boolean trustSourceOptOut) { this.trustSourceOptOut = trustSourceOptOut; }

    protected SelectionSettings.Datasets datasets() { return new SelectionSettings.Datasets(sources, recursive, includes, excludes, prefix); }
    protected SelectionSettings.Target target() { return new SelectionSettings.Target(targetRoot, targetHost); }
    protected PullSource pullSource() { return new PullSource(sourceHost, sshOptions, trustSourceOptOut); }

    /**
     * The credential for the source host: the step's, else the system's default ({@code defaults}),
     * and only where it is used (pulling from sourceHost); one named without sourceHost is refused.
     */
    protected String pullCredentialsId(String functionName, StepDefaults defaults) {
        if (sourceHost == null || sourceHost.isBlank()) {
            if (sshCredentialsId != null && !sshCredentialsId.isBlank()) {
                throw new IllegalArgumentException(functionName + ": sshCredentialsId is for sourceHost (pull); "
                        + "without sourceHost the sources are this agent's pools");
            }
            return "";
        }
        return defaults.sshCredentialsId(sshCredentialsId);
    }
}
