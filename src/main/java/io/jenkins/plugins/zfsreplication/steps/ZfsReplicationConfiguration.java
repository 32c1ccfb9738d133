package io.jenkins.plugins.zfsreplication.steps;

import edu.umd.cs.findbugs.annotations.NonNull;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import hudson.Extension;
import hudson.ExtensionList;
import hudson.model.Item;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import io.jenkins.plugins.zfsreplication.steps.shared.CredentialChoices;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChoices;
import jenkins.model.GlobalConfiguration;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * Manage Jenkins » System » ZFS replication: what zfsVerify and zfsSendRecv use for the fields a
 * job leaves empty. Configuration as Code: {@code unclassified: zfsReplication: {hash: sha256,
 * blockSize: 128K, concurrency: 4, transport: ssh, sshCredentialsId: backup-key}}.
 */
@Extension
@Symbol("zfsReplication")
public class ZfsReplicationConfiguration extends GlobalConfiguration {
    private String hash;
    private String blockSize;
    private int concurrency;
    private String transport;
    private String sshCredentialsId;

    public ZfsReplicationConfiguration() {
        load();
    }

    /** The defaults in force now; the built-in ones where the system configuration is empty. */
    public static StepDefaults current() {
        return ExtensionList.lookupSingleton(ZfsReplicationConfiguration.class).defaults();
    }

    StepDefaults defaults() {
        return new StepDefaults(hash, blockSize, concurrency, transport, sshCredentialsId);
    }

    public String getHash() { return hash; }
    public String getBlockSize() { return blockSize; }
    public int getConcurrency() { return concurrency; }
    public String getTransport() { return transport; }
    public String getSshCredentialsId() { return sshCredentialsId; }

    @DataBoundSetter
    public void setSshCredentialsId(String sshCredentialsId) {
        this.sshCredentialsId = sshCredentialsId;
        save();
    }

    @DataBoundSetter
    public void setHash(String hash) {
        this.hash = hash;
        save();
    }

    @DataBoundSetter
    public void setBlockSize(String blockSize) {
        this.blockSize = blockSize;
        save();
    }

    @DataBoundSetter
    public void setConcurrency(int concurrency) {
        this.concurrency = concurrency;
        save();
    }

    @DataBoundSetter
    public void setTransport(String transport) {
        this.transport = transport;
        save();
    }

    @NonNull
    @Override
    public String getDisplayName() {
        return "ZFS replication";
    }

    // outside an item, FormChecks answers administrators only
    @POST
    public FormValidation doCheckHash(@AncestorInPath Item item, @QueryParameter String value) {
        return FormChecks.answer(item, () -> FieldChecks.blank(value) ? FieldChecks.none() : FieldChecks.hash(value));
    }

    @POST
    public FormValidation doCheckBlockSize(@AncestorInPath Item item, @QueryParameter String value) {
        return FormChecks.answer(item, () -> FieldChecks.blank(value) ? FieldChecks.none() : FieldChecks.blockSize(value));
    }

    @POST
    public FormValidation doCheckConcurrency(@AncestorInPath Item item, @QueryParameter String value) {
        return FormChecks.answer(item, () -> FieldChecks.concurrency(value));
    }

    /** The choices are the same for everyone: no permission to check. */
    public ListBoxModel doFillTransportItems() {
        return FormChoices.model(FormChoices.transports("built in: local"));
    }

    /** The ssh key credentials, to administrators ({@link CredentialChoices}). */
    @POST
    public ListBoxModel doFillSshCredentialsIdItems(@QueryParameter String sshCredentialsId) {
        return CredentialChoices.sshKeys(null, sshCredentialsId);
    }

    @POST
    public FormValidation doCheckTransport(@AncestorInPath Item item, @QueryParameter String value) {
        return FormChecks.answer(item, () -> FieldChecks.transport(value));
    }
}
