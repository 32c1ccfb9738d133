package io.jenkins.plugins.zfsreplication.steps.shared;

import hudson.model.Item;
import hudson.util.ComboBoxModel;
import hudson.util.FormValidation;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * The descriptor of a step that reaches the target's pools (plan, prune, send/recv): the checks of
 * the fields they share, {@code prefix} (the snapshot naming) and {@code targetAgent}.
 */
public abstract class TargetStepDescriptor extends ZfsStepDescriptor {
    protected TargetStepDescriptor(String functionName, String displayName) {
        super(functionName, displayName);
    }

    @POST
    public FormValidation doCheckPrefix(@AncestorInPath Item item, @QueryParameter String value) {
        return FormChecks.answer(item, () -> FieldChecks.prefix(value));
    }

    /**
     * The agents' names for targetAgent's combobox, to those who may configure the job (the step
     * checks at run time that the build may use the one named).
     */
    @POST
    public ComboBoxModel doFillTargetAgentItems(@AncestorInPath Item item) {
        return TargetAgent.formChoices(item);
    }

    @POST
    public FormValidation doCheckTargetAgent(@AncestorInPath Item item, @QueryParameter String value) {
        return FormChecks.answer(item, () -> TargetAgent.formCheck(value));
    }
}
