package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where and how a sender reaches a {@link ReceiveServer}: the address and port of every lane
 * (one connection each at a time), the control channel with its token, and one one-time token per
 * step of the plan (index = position in {@code plan.steps()}). Secret: it travels only over trusted
 * channels (Jenkins remoting) and is written only to a file of mode 600.
 *
 * @param host           the address the sender connects to (data lanes)
 * @param lanePorts      one port per lane
 * @param controlHost    the address of the control channel (verdicts per step)
 * @param controlPort    its port
 * @param controlToken   what the sender presents on the control channel
 * @param stepTokens     what a connection carrying step i presents, with i
 * @param certificate    the receiving side's certificate (lanes and control channel) that the sender
 *                       pins; null: plaintext, asked for by name
 */
public record ReceiveEndpoints(String host, List<Integer> lanePorts, String controlHost, int controlPort,
                               String controlToken, List<String> stepTokens, PinnedCertificate certificate)
        implements Serializable {
    private static final long serialVersionUID = 2L;
    private static final String HEADER = "zfs-replication receive endpoints 2";
    private static final String PLAINTEXT = "none";

    public ReceiveEndpoints {
        TcpListener.checkAddress(host);
        TcpListener.checkAddress(controlHost);
        lanePorts = List.copyOf(lanePorts);
        stepTokens = List.copyOf(stepTokens);
        Objects.requireNonNull(controlToken, "controlToken");
        if (lanePorts.isEmpty()) {
            throw new TransferException("A receiving side needs at least one lane");
        }
    }

    /** Written to a temporary name of mode 600, then renamed: a reader sees all of it or nothing. */
    public void write(Path file) throws IOException {
        List<String> lines = new ArrayList<>(List.of(HEADER, "host " + host, "control " + controlHost + " " + controlPort
                + " " + controlToken, "certificate " + (certificate == null ? PLAINTEXT : certificate.encoded())));
        lanePorts.forEach(port -> lines.add("lane " + port));
        stepTokens.forEach(token -> lines.add("step " + token));
        AtomicFile.write(file, String.join("\n", lines) + "\n", AtomicFile.PRIVATE); // ASCII: its tokens are hex
    }

    /**
     * Parses what {@link #write} wrote. The messages of a malformed file name the line by its number,
     * never its text: the lines carry the one-time tokens, and a message ends up in a build log.
     */
    public static ReceiveEndpoints parse(String text) {
        List<String> lines = text.lines().toList();
        if (lines.size() < 4 || !lines.get(0).equals(HEADER)) {
            throw new TransferException("Not a receive endpoints file (it must start with '%s')", HEADER);
        }
        String[] control = field(lines, 2, "control").split(" ");
        if (control.length != 3) {
            throw new TransferException("Line 3 of the receive endpoints must be 'control HOST PORT TOKEN'");
        }
        List<Integer> lanes = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        String certificate = field(lines, 3, "certificate");
        for (int i = 4; i < lines.size(); i++) {
            if (lines.get(i).startsWith("lane ")) {
                lanes.add(port(field(lines, i, "lane"), i));
            } else {
                tokens.add(field(lines, i, "step"));
            }
        }
        return new ReceiveEndpoints(field(lines, 1, "host"), lanes, control[0], port(control[1], 2), control[2], tokens,
                certificate.equals(PLAINTEXT) ? null : new PinnedCertificate(certificate));
    }

    private static String field(List<String> lines, int index, String name) {
        String line = lines.get(index);
        if (!line.startsWith(name + " ")) {
            throw new TransferException("Line %d of the receive endpoints must be a '%s' line", index + 1, name);
        }
        return line.substring(name.length() + 1);
    }

    private static int port(String text, int index) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new TransferException("Line %d of the receive endpoints names a port that is not a number", index + 1);
        }
    }

    @Override
    public String toString() {
        return "receiver at " + host + " ports " + lanePorts + ", control " + controlHost + ":" + controlPort
                + (certificate == null ? ", plaintext" : ", TLS with " + certificate); // no tokens
    }
}
