package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.util.Objects;

import hudson.Extension;
import hudson.model.Item;
import hudson.util.ComboBoxModel;
import hudson.util.FormValidation;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetAgent;
import io.jenkins.plugins.zfsreplication.topology.Carriage;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * {@code transport: tcp(agent: 'nas-b', address: '10.0.0.7', port: 9000, targetRoot: 'backup')}: zfs
 * recv on the Jenkins agent of the target host, the stream over TLS straight from this agent to the
 * address it listens on. What only tcp uses: the receiving agent, its address and first port, and the
 * dataset there the plan may receive into.
 */
public final class TransportTcp extends SendRecvTransport {
    private final String agent;
    private final String address;
    private int port; // 0: any free ports
    private String targetRoot = "";

    @DataBoundConstructor
    public TransportTcp(String agent, String address) {
        this.agent = agent == null ? "" : agent.strip();
        this.address = address == null ? "" : address.strip();
    }

    public String getAgent() {
        return agent;
    }

    public String getAddress() {
        return address;
    }

    public int getPort() {
        return port;
    }

    @DataBoundSetter
    public void setPort(int port) {
        this.port = port;
    }

    public String getTargetRoot() {
        return targetRoot;
    }

    @DataBoundSetter
    public void setTargetRoot(String targetRoot) {
        this.targetRoot = targetRoot == null ? "" : targetRoot.strip();
    }

    @Override
    Fields over(Fields flat) {
        String choice = "tcp";
        if (flat.tcpPort() != 0 && flat.tcpPort() != port) {
            own(Integer.toString(flat.tcpPort()), Integer.toString(port), "tcpPort", choice);
        }
        return new Fields(Carriage.TCP.word(), flat.sshHost(), flat.sshOptions(), flat.credentialsId(),
                own(flat.agent(), agent, "targetAgent", choice), own(flat.tcpAddress(), address, "tcpAddress", choice),
                port, own(flat.targetRoot(), targetRoot, "targetRoot", choice));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TransportTcp tcp && tcp.agent.equals(agent) && tcp.address.equals(address)
                && tcp.port == port && tcp.targetRoot.equals(targetRoot);
    }

    @Override
    public int hashCode() {
        return Objects.hash(agent, address, port, targetRoot);
    }

    @Extension(ordinal = 1)
    @Symbol("tcp")
    public static final class DescriptorImpl extends SendRecvTransport.ChoiceDescriptor {
        public DescriptorImpl() {
            super(TransportTcp.class);
        }

        @Override
        public String getDisplayName() {
            return "tcp: zfs recv on the target's agent, over TLS between the agents";
        }

        /** The agents' names, to those who may configure the job (the step checks the one named when it runs). */
        @POST
        public ComboBoxModel doFillAgentItems(@AncestorInPath Item item) {
            return TargetAgent.formChoices(item);
        }

        @POST
        public FormValidation doCheckAgent(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> TargetAgent.formCheck(value));
        }

        @POST
        public FormValidation doCheckAddress(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.tcpAddress(Carriage.TCP.word(), value));
        }
    }
}
