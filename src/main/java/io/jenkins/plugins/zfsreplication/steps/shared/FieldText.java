package io.jenkins.plugins.zfsreplication.steps.shared;

import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the steps read the text of their fields: lists of words, workspace paths, the transport's
 * name, zfs recv properties. One place for each, so that every step and its form check agree.
 */
public final class FieldText {
    private FieldText() {
    }

    /** Words separated by commas or white space; none for null. */
    public static List<String> words(String text) {
        return text == null ? List.of() : Arrays.stream(text.split("[,\\s]+")).filter(w -> !w.isEmpty()).toList();
    }

    /** Workspace-relative, no way out of the workspace. */
    public static String relative(String path, String field) {
        if (path == null || path.isBlank()) {
            throw new TransferException("%s is required", field);
        }
        String clean = path.strip();
        if (clean.startsWith("/") || List.of(clean.split("/")).contains("..")) {
            throw new TransferException("%s must be a path inside the workspace, not '%s'", field, clean);
        }
        return clean;
    }

    /** The carriage a transport field names: "local", "ssh" or "tcp". */
    public static Carriage transport(String name) {
        return Carriage.named(name).orElseThrow(() -> new TransferException("Unknown transport '%s': zfsSendRecv runs "
                + "'local', 'ssh' or 'tcp' (tcp needs targetAgent and tcpAddress)", name.strip()));
    }

    /**
     * The defaults with {@code zfs recv -o/-x} as written in zfsSendRecv: "canmount=off compression=lz4",
     * "mountpoint,sharenfs".
     */
    public static TransferOptions receiveProperties(String set, String exclude) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (String entry : set == null || set.isBlank() ? new String[0] : set.strip().split("\\s+")) {
            int equals = entry.indexOf('=');
            if (equals <= 0) {
                throw new TransferException("recvSet takes PROPERTY=VALUE entries separated by spaces, not '%s'", entry);
            }
            properties.put(entry.substring(0, equals), entry.substring(equals + 1));
        }
        List<String> excluded = exclude == null || exclude.isBlank() ? List.of()
                : List.of(exclude.strip().split("[\\s,]+"));
        return TransferOptions.defaults().withRecvProperties(properties, excluded);
    }
}
