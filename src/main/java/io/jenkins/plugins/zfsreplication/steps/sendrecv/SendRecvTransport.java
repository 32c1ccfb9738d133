package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import hudson.model.Describable;
import hudson.model.Descriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldText;
import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;

/**
 * How zfsSendRecv's stream travels, as Pipeline writes it ({@code transport: local()},
 * {@code ssh(host: 'backup@nas')}, {@code tcp(agent: 'nas-b', address: '10.0.0.7')}) and the form
 * chooses it: each choice holds the fields of its transport alone. {@link #over} maps a choice onto
 * the fields the string form gives ({@code transport: 'ssh', sshHost: 'backup@nas'}), which saved
 * configurations and older Jenkinsfiles hold, so that both forms reach the same settings.
 */
public abstract class SendRecvTransport implements Describable<SendRecvTransport> {
    /**
     * The string form's parameters each choice takes over: Pipeline's {@code transport: 'ssh'} folds them
     * in. A transport added after the string form has none (its fields exist only inside its choice).
     */
    private static List<String> foldedParameters(Carriage carriage) {
        return switch (carriage) {
            case PIPE -> List.of();
            case SSH -> List.of("sshHost", "sshOptions", "sshCredentialsId");
            case TCP -> List.of("targetAgent", "tcpAddress", "tcpPort", "targetRoot");
        };
    }

    SendRecvTransport() {
        // the choices are the subclasses in this package
    }

    /**
     * This choice over the string form's {@code flat} fields: what the choice holds replaces them; a
     * field given in both with different values is an error (the step would otherwise pick one).
     */
    abstract Fields over(Fields flat);

    /** A choice's descriptor: the form lists the choices by it (the system default first, by ordinal). */
    public abstract static class ChoiceDescriptor extends Descriptor<SendRecvTransport> {
        protected ChoiceDescriptor(Class<? extends SendRecvTransport> clazz) {
            super(clazz);
        }
    }

    /** The choice the string form's fields name; null for an empty transport (the system default). */
    static SendRecvTransport of(Fields flat) {
        if (flat.word().isEmpty()) {
            return null;
        }
        return switch (FieldText.transport(flat.word())) {
            case PIPE -> new TransportLocal();
            case SSH -> {
                TransportSsh ssh = new TransportSsh(flat.sshHost());
                ssh.setCredentialsId(flat.credentialsId());
                ssh.setOptions(flat.sshOptions());
                yield ssh;
            }
            case TCP -> {
                TransportTcp tcp = new TransportTcp(flat.agent(), flat.tcpAddress());
                tcp.setPort(flat.tcpPort());
                tcp.setTargetRoot(flat.targetRoot());
                yield tcp;
            }
        };
    }

    /**
     * Pipeline's arguments with the string form ({@code transport: 'ssh', sshHost: 'nas'}) as the
     * object form ({@code transport: ssh(host: 'nas')}): the word and the parameters its transport
     * takes become one choice, an empty word is left out (the system default); anything else passes
     * unchanged. An unknown word fails here, with the message the settings give.
     */
    static Map<String, Object> fromStringForm(Map<String, Object> arguments) {
        if (!(arguments.get("transport") instanceof CharSequence given)) {
            return arguments;
        }
        String word = given.toString().strip();
        Map<String, Object> folded = new LinkedHashMap<>(arguments);
        folded.remove("transport");
        if (word.isEmpty()) {
            return folded;
        }
        Carriage carriage = FieldText.transport(word);
        Fields flat = new Fields(carriage.word(), text(arguments.get("sshHost")), text(arguments.get("sshOptions")),
                text(arguments.get("sshCredentialsId")), text(arguments.get("targetAgent")),
                text(arguments.get("tcpAddress")), port(arguments.get("tcpPort")), text(arguments.get("targetRoot")));
        foldedParameters(carriage).forEach(folded::remove);
        folded.put("transport", of(flat));
        return folded;
    }

    private static String text(Object value) {
        return value == null ? "" : value.toString();
    }

    private static int port(Object value) {
        if (value == null || value instanceof Number) {
            return value == null ? 0 : ((Number) value).intValue();
        }
        try {
            return Integer.parseInt(value.toString().strip());
        } catch (NumberFormatException e) {
            throw new TransferException("tcpPort '%s' is not a port number", value);
        }
    }

    /** {@code mine} where the string form gives nothing or the same; else the two values named. */
    static String own(String flat, String mine, String flatName, String choice) {
        if (!flat.isEmpty() && !flat.equals(mine)) {
            throw new TransferException("zfsSendRecv: %s '%s' and transport: %s give two values: give it once, "
                    + "inside %s(...)", flatName, flat, choice, choice);
        }
        return mine;
    }

    /**
     * The transport as the string form's fields: what the settings and the target are made from.
     *
     * @param word          a {@code Carriage}'s word, "" for the system default
     * @param sshHost       [user@]host for ssh
     * @param sshOptions    ssh client arguments (ssh, or a pull's)
     * @param credentialsId the ssh key credential (ssh, or a pull's); "" for the system default
     * @param agent         the receiving agent (tcp)
     * @param tcpAddress    where the receiving agent listens (tcp)
     * @param tcpPort       its first port, 0 for any (tcp)
     * @param targetRoot    the dataset on the receiving agent that the plan may receive into (tcp)
     */
    record Fields(String word, String sshHost, String sshOptions, String credentialsId, String agent,
                  String tcpAddress, int tcpPort, String targetRoot) {
        Fields {
            word = strip(word);
            sshHost = strip(sshHost);
            sshOptions = strip(sshOptions);
            credentialsId = strip(credentialsId);
            agent = strip(agent);
            tcpAddress = strip(tcpAddress);
            targetRoot = strip(targetRoot);
        }

        private static String strip(String value) {
            return value == null ? "" : value.strip();
        }

        Fields withWord(String carriage) {
            return new Fields(carriage, sshHost, sshOptions, credentialsId, agent, tcpAddress, tcpPort, targetRoot);
        }
    }
}
