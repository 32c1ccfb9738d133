package io.jenkins.plugins.zfsreplication.coverage;

/**
 * Which source manifest a snapshot of the copy is checked against: its path in the manifest store
 * (relative, '/'-separated), its SHA-256 when first used (a manifest changed since is not
 * trusted), and the GUID of the snapshot the source made it of, where the store says
 * ({@code guidFrom} "sidecar": a {@code .guid} file beside it, "header": a {@code guid} line of
 * its header) or null ({@code guidFrom} "name": bound by the snapshot's name only).
 */
public record ManifestBinding(String path, String sha256, String sourceGuid, String guidFrom) {
    public ManifestBinding {
        if (path == null || sha256 == null || guidFrom == null) {
            throw new IllegalArgumentException("a manifest binding needs its path, sha256 and where its GUID came from");
        }
    }
}
