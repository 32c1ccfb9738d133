package io.jenkins.plugins.zfsreplication.steps.shared;

import org.kohsuke.stapler.DataBoundSetter;

/**
 * A step that selects source datasets and lists a target (zfsSnapshotPlan, zfsCheck): the fields
 * they share, with the same names in the Pipeline syntax, the forms and saved job XML. Their
 * descriptors check them in {@link SelectionStepDescriptor}.
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

    @DataBoundSetter public void setRecursive(boolean recursive) { this.recursive = recursive; }
    @DataBoundSetter public void setTargetAgent(String targetAgent) { this.targetAgent = targetAgent; }
    @DataBoundSetter public void setTargetHost(String targetHost) { this.targetHost = targetHost; }
    @DataBoundSetter public void setIncludes(String includes) { this.includes = includes; }
    @DataBoundSetter public void setExcludes(String excludes) { this.excludes = excludes; }
    @DataBoundSetter public void setPrefix(String prefix) { this.prefix = prefix; }
}
