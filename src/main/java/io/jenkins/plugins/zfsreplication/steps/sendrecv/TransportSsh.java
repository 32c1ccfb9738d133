package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.util.Objects;

import hudson.Extension;
import hudson.model.Item;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import io.jenkins.plugins.zfsreplication.steps.shared.CredentialChoices;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.topology.Carriage;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * {@code transport: ssh(host: 'backup@nas', credentialsId: 'backup-key', options: '-p 2222')}: zfs recv
 * on a host that is not a Jenkins agent, through the OpenSSH client. What only the ssh transport uses:
 * the destination, the key credential, the client's arguments.
 */
public final class TransportSsh extends SendRecvTransport {
    private final String host;
    private String credentialsId = ""; // "": the system default
    private String options = "";

    @DataBoundConstructor
    public TransportSsh(String host) {
        this.host = host == null ? "" : host.strip();
    }

    public String getHost() {
        return host;
    }

    public String getCredentialsId() {
        return credentialsId;
    }

    @DataBoundSetter
    public void setCredentialsId(String credentialsId) {
        this.credentialsId = credentialsId == null ? "" : credentialsId.strip();
    }

    public String getOptions() {
        return options;
    }

    @DataBoundSetter
    public void setOptions(String options) {
        this.options = options == null ? "" : options.strip();
    }

    @Override
    Fields over(Fields flat) {
        String choice = "ssh";
        return new Fields(Carriage.SSH.word(), own(flat.sshHost(), host, "sshHost", choice),
                own(flat.sshOptions(), options, "sshOptions", choice),
                own(flat.credentialsId(), credentialsId, "sshCredentialsId", choice), flat.agent(), flat.tcpAddress(),
                flat.tcpPort(), flat.targetRoot());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TransportSsh ssh && ssh.host.equals(host) && ssh.credentialsId.equals(credentialsId)
                && ssh.options.equals(options);
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, credentialsId, options);
    }

    @Extension(ordinal = 2)
    @Symbol("ssh")
    public static final class DescriptorImpl extends SendRecvTransport.ChoiceDescriptor {
        public DescriptorImpl() {
            super(TransportSsh.class);
        }

        @Override
        public String getDisplayName() {
            return "ssh: zfs recv on a host over ssh";
        }

        @POST
        public FormValidation doCheckHost(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.sshHost(Carriage.SSH.word(), value));
        }

        /** The ssh key credentials, to those who may see them ({@link CredentialChoices}). */
        @POST
        public ListBoxModel doFillCredentialsIdItems(@AncestorInPath Item item, @QueryParameter String credentialsId) {
            return CredentialChoices.sshKeys(item, credentialsId);
        }
    }
}
