package io.jenkins.plugins.zfsreplication.steps.restore;

import io.jenkins.plugins.zfsreplication.restore.DrillRequest;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import java.io.Serializable;
import java.nio.file.Path;

/**
 * The options of {@code zfsRestoreDrill} and its freestyle builder as one value, checked on the
 * controller (the engine's messages) and carried to the agent.
 *
 * @param snapshot  the backup's snapshot, on the agent the drill runs on
 * @param scratch   the dataset to receive into: must not exist, destroyed afterwards
 * @param manifest  the source's manifest of the snapshot, relative to the workspace
 * @param keyFile   for an encrypted backup: the key file on the agent (an absolute path), or null
 * @param rateLimit the receive's rate limit (e.g. 200M), or null for none
 */
public record RestoreDrillSettings(String snapshot, String scratch, String manifest, String keyFile, String rateLimit)
        implements Serializable {

    public RestoreDrillSettings {
        if (snapshot == null || snapshot.isBlank() || scratch == null || scratch.isBlank()) {
            throw new IllegalArgumentException("zfsRestoreDrill needs a snapshot (pool/dataset@name) and a scratch dataset");
        }
        if (manifest == null || manifest.isBlank()) {
            throw new IllegalArgumentException("zfsRestoreDrill needs the source's manifest of the snapshot (manifest)");
        }
        if (Path.of(manifest).isAbsolute() || Path.of(manifest).normalize().startsWith("..")) {
            throw new IllegalArgumentException("zfsRestoreDrill: manifest " + manifest
                    + " must be a path inside the workspace");
        }
        if (keyFile != null && !Path.of(keyFile).isAbsolute()) {
            throw new IllegalArgumentException("zfsRestoreDrill: keyFile " + keyFile
                    + " must be an absolute path on the agent (keep keys out of the workspace)");
        }
        // validates names and the size now, with the engine's messages
        request(snapshot, scratch, Path.of(manifest), keyFile);
        transfer(rateLimit);
    }

    /** The drill's request, the manifest resolved in the workspace. */
    public DrillRequest request(Path workspaceManifest) {
        return request(snapshot, scratch, workspaceManifest, keyFile);
    }

    private static DrillRequest request(String snapshot, String scratch, Path workspaceManifest, String keyFile) {
        return new DrillRequest(SnapshotName.parse(snapshot.strip()), DatasetName.of(scratch.strip()), workspaceManifest,
                keyFile == null ? null : Path.of(keyFile));
    }

    /** The receive's options: the default buffer, at most {@code rateLimit} bytes a second. */
    public TransferOptions transfer() {
        return transfer(rateLimit);
    }

    private static TransferOptions transfer(String rateLimit) {
        return rateLimit == null ? TransferOptions.defaults()
                : TransferOptions.defaults().withBuffer(TransferOptions.DEFAULT_BUFFER, Sizes.parse(rateLimit));
    }
}
