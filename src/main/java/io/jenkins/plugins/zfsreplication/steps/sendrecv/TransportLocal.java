package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import hudson.Extension;
import io.jenkins.plugins.zfsreplication.topology.Carriage;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.DataBoundConstructor;

/** {@code transport: local()}: both pools on the agent the step runs on, one chain of pipes. */
public final class TransportLocal extends SendRecvTransport {
    @DataBoundConstructor
    public TransportLocal() {
        // nothing to choose: both ends are here
    }

    @Override
    Fields over(Fields flat) {
        return flat.withWord(Carriage.PIPE.word());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TransportLocal;
    }

    @Override
    public int hashCode() {
        return TransportLocal.class.hashCode();
    }

    @Extension(ordinal = 3)
    @Symbol("local")
    public static final class DescriptorImpl extends SendRecvTransport.ChoiceDescriptor {
        public DescriptorImpl() {
            super(TransportLocal.class);
        }

        @Override
        public String getDisplayName() {
            return "local: both pools on this agent";
        }
    }
}
