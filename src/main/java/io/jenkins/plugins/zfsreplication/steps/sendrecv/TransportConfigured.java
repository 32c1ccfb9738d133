package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import hudson.Extension;
import org.kohsuke.stapler.DataBoundConstructor;

/**
 * The form's "system default" choice: the transport Manage Jenkins » System names. The step keeps no
 * value for it (an empty transport); Pipeline leaves {@code transport} out instead, so it has no symbol.
 */
public final class TransportConfigured extends SendRecvTransport {
    @DataBoundConstructor
    public TransportConfigured() {
        // nothing to choose: the system configuration does
    }

    @Override
    Fields over(Fields flat) {
        return flat.withWord("");
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TransportConfigured;
    }

    @Override
    public int hashCode() {
        return TransportConfigured.class.hashCode();
    }

    @Extension(ordinal = 4)
    public static final class DescriptorImpl extends SendRecvTransport.ChoiceDescriptor {
        public DescriptorImpl() {
            super(TransportConfigured.class);
        }

        @Override
        public String getDisplayName() {
            return ZfsSendRecvStep.UNSET_TRANSPORT;
        }
    }
}
