package io.jenkins.plugins.zfsreplication.verify;

/** The tool name and version written into manifests and reports. */
final class ToolVersion {
    private ToolVersion() {
    }

    static String current() {
        String version = ToolVersion.class.getPackage().getImplementationVersion();
        return "zfs-replication " + (version == null ? "0.1.0-SNAPSHOT" : version);
    }
}
