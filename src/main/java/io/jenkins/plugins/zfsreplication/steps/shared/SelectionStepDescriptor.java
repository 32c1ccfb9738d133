package io.jenkins.plugins.zfsreplication.steps.shared;

import hudson.model.Item;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/** The checks of the fields a {@link SelectionStep} has beyond those of every target step. */
public abstract class SelectionStepDescriptor extends TargetStepDescriptor {
    protected SelectionStepDescriptor(String functionName, String displayName) {
        super(functionName, displayName);
    }

    @POST
    public FormValidation doCheckSources(@AncestorInPath Item item, @QueryParameter String value) {
        return FormChecks.answer(item, () -> FieldChecks.datasets(value));
    }

    @POST
    public FormValidation doCheckTargetRoot(@AncestorInPath Item item, @QueryParameter String value) {
        return FormChecks.answer(item, () -> FieldChecks.dataset(value));
    }

    /** The ssh key credentials for sourceHost, to those who may see them ({@link CredentialChoices}). */
    @POST
    public ListBoxModel doFillSshCredentialsIdItems(@AncestorInPath Item item, @QueryParameter String sshCredentialsId) {
        return CredentialChoices.sshKeys(item, sshCredentialsId);
    }

    @POST
    public FormValidation doCheckSourceHost(@AncestorInPath Item item, @QueryParameter String value) {
        return FormChecks.answer(item, () -> FieldChecks.optionalHost(value));
    }

    @POST
    public FormValidation doCheckTargetHost(@AncestorInPath Item item, @QueryParameter String value) {
        return FormChecks.answer(item, () -> FieldChecks.optionalHost(value));
    }
}
