package io.jenkins.plugins.zfsreplication.verify;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a manifest of a ZFS snapshot was made of, in its header: the snapshot's GUID (the same on
 * every copy a send made of it, another on a snapshot made anew under the name) and the host that
 * read it. An incremental verify builds only on a manifest whose snapshot is the one it diffs
 * against, on the same host: a name alone can be a recreated snapshot or another host's.
 *
 * @param guid the snapshot's GUID as {@code zfs get -Hp guid} prints it (unsigned decimal)
 * @param host the host name of the machine that read it ({@code uname -n})
 */
public record Provenance(String guid, String host) {
    static final String GUID_KEY = "snapshot-guid";
    static final String HOST_KEY = "host";

    public Provenance {
        if (guid == null || !guid.matches("[0-9]{1,20}") || host == null || host.isEmpty()
                || host.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
            throw new VerifyException("A manifest's snapshot-guid and host must be a decimal number and a host name,"
                    + " not '%s' and '%s'", guid, host);
        }
    }

    /** This machine's host name, as the kernel has it (Linux: /proc/sys/kernel/hostname), or "unknown". */
    public static String currentHost() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            return name.isEmpty() || name.chars().anyMatch(c -> c <= ' ' || c == 0x7f) ? "unknown" : name;
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * Why a manifest with this provenance cannot stand for the earlier snapshot whose GUID here is
     * {@code guid}, read on this {@code host}; null when it can.
     */
    static String mismatch(Provenance earlier, String snapshot, String guid, String host) {
        if (earlier == null) {
            return "the earlier manifest does not say which snapshot (GUID) and host it was made of (written before "
                    + "manifests said)";
        }
        if (!earlier.guid().equals(guid)) {
            return String.format("the earlier manifest is of a snapshot with guid %s, but %s here has guid %s "
                    + "(made anew under the same name, or another host's snapshot)", earlier.guid(), snapshot, guid);
        }
        if (!earlier.host().equals(host)) {
            return String.format("the earlier manifest was made on host %s, this is host %s",
                    io.jenkins.plugins.zfsreplication.text.TerminalText.line(earlier.host()), host);
        }
        return null;
    }
}
