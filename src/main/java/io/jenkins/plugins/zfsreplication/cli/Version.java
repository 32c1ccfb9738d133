package io.jenkins.plugins.zfsreplication.cli;

import picocli.CommandLine;

/** The tool version, read from the jar manifest when there is one. */
final class Version implements CommandLine.IVersionProvider {
    static String current() {
        String version = Main.class.getPackage().getImplementationVersion();
        return version == null ? "0.1.0-SNAPSHOT" : version;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"zfs-replication " + current()};
    }
}
