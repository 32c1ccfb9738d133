package io.jenkins.plugins.zfsreplication.topology;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a step's bytes travel from the sending end to the receiving end. Whether tcp runs over TLS is
 * the engine's option ({@code TransferOptions.tcpPlaintext}), not a carriage of its own: the same
 * carriage, one switch that the receiving side must agree to.
 */
public enum Carriage {
    /** Both ends on this host, one chain of pipes. */
    PIPE("local"),
    /** The OpenSSH client runs the remote end(s); the stream passes through it. */
    SSH("ssh"),
    /** A direct connection from the sending end to the receiving end's listener, with a one-time token. */
    TCP("tcp");

    private final String word;

    Carriage(String word) {
        this.word = word;
    }

    /** The word the command line, the steps and the night's config give: "local", "ssh" or "tcp". */
    public String word() {
        return word;
    }

    /** The carriage {@code word} names (surrounding blanks ignored); empty for anything else, the caller says why. */
    public static Optional<Carriage> named(String word) {
        String given = word == null ? "" : word.strip();
        return Arrays.stream(values()).filter(carriage -> carriage.word.equals(given)).findFirst();
    }
}
