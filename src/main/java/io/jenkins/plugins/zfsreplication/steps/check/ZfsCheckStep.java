package io.jenkins.plugins.zfsreplication.steps.check;

import hudson.Extension;
import hudson.model.Item;
import hudson.util.FormValidation;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetStepDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStep;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * {@code zfsCheck sources: 'tank/home', recursive: true, targetRoot: 'backup/home', warn: '26h', crit: '50h'}:
 * how old the newest snapshot common to source and target is, per dataset, on the current agent
 * (the source host), the target listed over ssh ({@code targetHost}), on its own agent
 * ({@code targetAgent}) or on this agent. WARNING marks the build UNSTABLE, CRITICAL fails it; the
 * ages are on the build page, check.json and check.txt archived. Returns a map: status, summary,
 * exitStatus, datasets.
 */
public final class ZfsCheckStep extends ZfsStep {
    private final String sources;
    private final String targetRoot;
    private boolean recursive;
    private String targetAgent;
    private String targetHost;
    private String includes;
    private String excludes;
    private String prefix;
    private String warn;
    private String crit;

    @DataBoundConstructor
    public ZfsCheckStep(String sources, String targetRoot) {
        this.sources = sources;
        this.targetRoot = targetRoot;
    }

    public String getSources() { return sources; }
    public String getTargetRoot() { return targetRoot; }
    public boolean isRecursive() { return recursive; }
    public String getTargetAgent() { return targetAgent; }
    public String getTargetHost() { return targetHost; }
    public String getIncludes() { return includes; }
    public String getExcludes() { return excludes; }
    public String getPrefix() { return prefix; }
    public String getWarn() { return warn; }
    public String getCrit() { return crit; }

    @DataBoundSetter public void setRecursive(boolean recursive) { this.recursive = recursive; }
    @DataBoundSetter public void setTargetAgent(String targetAgent) { this.targetAgent = targetAgent; }
    @DataBoundSetter public void setTargetHost(String targetHost) { this.targetHost = targetHost; }
    @DataBoundSetter public void setIncludes(String includes) { this.includes = includes; }
    @DataBoundSetter public void setExcludes(String excludes) { this.excludes = excludes; }
    @DataBoundSetter public void setPrefix(String prefix) { this.prefix = prefix; }
    @DataBoundSetter public void setWarn(String warn) { this.warn = warn; }
    @DataBoundSetter public void setCrit(String crit) { this.crit = crit; }

    CheckSettings settings() {
        return new CheckSettings(sources, recursive, targetRoot, targetHost, includes, excludes, prefix, warn, crit);
    }

    @Override
    public StepRunner runner() {
        return new CheckRunner(settings(), targetAgent);
    }

    @Extension
    @Symbol("zfsCheck")
    public static final class DescriptorImpl extends TargetStepDescriptor {
        public DescriptorImpl() {
            super("zfsCheck", "Check that ZFS replication is fresh (age of the newest common snapshot)");
        }

        @POST
        public FormValidation doCheckSources(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.datasets(value));
        }

        @POST
        public FormValidation doCheckTargetRoot(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.dataset(value));
        }

        @POST
        public FormValidation doCheckTargetHost(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.optionalHost(value));
        }

        @POST
        public FormValidation doCheckWarn(@AncestorInPath Item item, @QueryParameter String value,
                                          @QueryParameter String crit) {
            return FormChecks.answer(item, () -> FieldChecks.ages(value, crit));
        }

        @POST
        public FormValidation doCheckCrit(@AncestorInPath Item item, @QueryParameter String value,
                                          @QueryParameter String warn) {
            return FormChecks.answer(item, () -> FieldChecks.ages(warn, value));
        }
    }
}
