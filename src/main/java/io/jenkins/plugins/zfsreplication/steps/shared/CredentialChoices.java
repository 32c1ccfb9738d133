package io.jenkins.plugins.zfsreplication.steps.shared;

import com.cloudbees.jenkins.plugins.sshcredentials.SSHUserPrivateKey;
import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.common.StandardListBoxModel;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.Item;
import hudson.model.Queue;
import hudson.model.queue.Tasks;
import hudson.security.ACL;
import hudson.util.ListBoxModel;
import jenkins.model.Jenkins;

/**
 * The ssh key credentials a form's dropdown offers, as the credentials plugin asks consumers to
 * list them: only to users who may see a job's configuration or use its credentials (outside a job,
 * administrators), with the credentials the job's builds may use (as the authentication they run
 * as), and the current value kept even when nothing else may be listed.
 */
public final class CredentialChoices {
    private CredentialChoices() {
    }

    /** "SSH Username with private key" credentials for {@code item}'s form (null: the system configuration). */
    public static ListBoxModel sshKeys(@CheckForNull Item item, String current) {
        StandardListBoxModel choices = new StandardListBoxModel();
        String value = current == null ? "" : current;
        if (item == null ? !Jenkins.get().hasPermission(Jenkins.ADMINISTER)
                : !item.hasPermission(Item.EXTENDED_READ) && !item.hasPermission(CredentialsProvider.USE_ITEM)) {
            choices.includeCurrentValue(value);
            return choices;
        }
        choices.includeEmptyValue();
        if (item == null) {
            choices.includeAs(ACL.SYSTEM2, Jenkins.get(), SSHUserPrivateKey.class);
        } else {
            choices.includeAs(item instanceof Queue.Task task ? Tasks.getAuthenticationOf2(task) : ACL.SYSTEM2, item,
                    SSHUserPrivateKey.class);
        }
        choices.includeCurrentValue(value);
        return choices;
    }
}
