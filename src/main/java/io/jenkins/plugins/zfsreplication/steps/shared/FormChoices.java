package io.jenkins.plugins.zfsreplication.steps.shared;

import hudson.util.ListBoxModel;
import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.transfer.Compression;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The choices of the forms' select fields, value to label. The first of each is the value a new
 * step holds (a select shows its first option when the field is empty), so a form left alone saves,
 * and a generated snippet writes, nothing for it.
 */
public final class FormChoices {
    private FormChoices() {
    }

    /** zfsSendRecv's transports; {@code unset} says what the empty value means where it is used. */
    public static Map<String, String> transports(String unset) {
        Map<String, String> choices = new LinkedHashMap<>();
        choices.put("", unset);
        choices.put(Carriage.PIPE.word(), "local: both pools on this agent");
        choices.put(Carriage.SSH.word(), "ssh: zfs recv on sshHost over ssh");
        choices.put(Carriage.TCP.word(), "tcp: zfs recv on targetAgent, over TLS between the agents");
        return choices;
    }

    /** Compression between the hosts, none first (the default). */
    public static Map<String, String> compressions() {
        Map<String, String> choices = new LinkedHashMap<>();
        for (Compression compression : Compression.values()) {
            String name = compression.name().toLowerCase(Locale.ROOT);
            choices.put(name, name);
        }
        return choices;
    }

    /** The choices as a select fills them. */
    public static ListBoxModel model(Map<String, String> choices) {
        ListBoxModel model = new ListBoxModel();
        choices.forEach((value, label) -> model.add(label, value));
        return model;
    }
}
