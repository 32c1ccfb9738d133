package io.jenkins.plugins.zfsreplication.cli;

import picocli.CommandLine;

/**
 * The tool version, read from the jar manifest when there is one, and what this JVM started from:
 * the archive of parsed classes the launcher asked for, if the JVM mapped it.
 */
final class Version implements CommandLine.IVersionProvider {
    /** The launcher's -D option naming the archive it asked the JVM for. */
    static final String START_PROPERTY = "zfsr.start";

    /** The archives the launcher can ask for (offline/plugin/launcher/zfs-replication). */
    enum Start {
        AOT("aot", "AOT cache", "zfs-replication-cli.aot"),
        CDS("cds", "class-data archive", "zfs-replication-cli.jsa"),
        /** verify's and compare's own, smaller archive: theirs is the start that is measured. */
        CDS_VERIFY("cds-verify", "class-data archive of verify", "zfs-replication-cli-verify.jsa");

        private final String id;
        private final String description;
        private final String file;

        Start(String id, String description, String file) {
            this.id = id;
            this.description = description;
            this.file = file;
        }

        /** The archive named by the launcher's {@value #START_PROPERTY}, or null (none asked for, or not the launcher). */
        static Start of(String id) {
            for (Start start : values()) {
                if (start.id.equals(id)) {
                    return start;
                }
            }
            return null;
        }
    }

    static String current() {
        String version = Main.class.getPackage().getImplementationVersion();
        return version == null ? "0.1.0-SNAPSHOT" : version;
    }

    /**
     * The start line: which archive this JVM started from. {@code asked} is what the launcher asked
     * for (null: none, or not started by the launcher); {@code vmInfo} the JVM's java.vm.info, which
     * says "sharing" when it mapped an archive: the JVM turns sharing off altogether, without a
     * word, when the archive it was given is not valid for it (another Java, another jar, a jar moved).
     */
    static String start(Start asked, String vmInfo, int feature) {
        if (asked == null) {
            return "start: none";
        }
        if (vmInfo == null || !vmInfo.contains("sharing")) {
            return "start: none (" + asked.file + " was not made by this Java (" + feature + ") for this jar here:"
                    + " zfs-replication --build-archive makes it)";
        }
        return "start: " + asked.description + " (Java " + feature + ")";
    }

    @Override
    public String[] getVersion() {
        return new String[] {"zfs-replication " + current(),
            start(Start.of(System.getProperty(START_PROPERTY)), System.getProperty("java.vm.info"),
                    Runtime.version().feature())};
    }
}
