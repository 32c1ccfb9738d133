package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The classes of this jar that the launcher's class-data archive holds besides those a training
 * verify loads: the engine's, picocli's and Jackson's, one name a line in the JVM's class list
 * format. A verify is the training run because it is the command whose start is measured; the night
 * and the other commands load some 1,000 classes more (the stages' models, the engine, Jackson), which
 * without this list came from the jar at every start (about 0.2 s of a night's). The Jenkins steps'
 * classes are left out: Jenkins is not on the command line's class path. Run at build time and by
 * {@code zfs-replication --build-archive}: {@code java -cp zfs-replication-cli.jar
 * io.jenkins.plugins.zfsreplication.cli.ArchiveClasses}.
 */
public final class ArchiveClasses {
    private static final List<String> ARCHIVED = List.of("io/jenkins/plugins/zfsreplication/", "picocli/",
            "com/fasterxml/jackson/");
    private static final String JENKINS_STEPS = "io/jenkins/plugins/zfsreplication/steps/";

    private ArchiveClasses() {
    }

    public static void main(String[] args) throws IOException, URISyntaxException {
        if (args.length != 0) {
            throw new IllegalArgumentException("usage: ArchiveClasses (prints the archived classes of its own jar)");
        }
        Path jar = Path.of(ArchiveClasses.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8)) {
            names(jar).forEach(out::println);
        }
    }

    /** The archived classes of {@code jar}, in the jar's order. */
    static List<String> names(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().map(JarEntry::getName).filter(ArchiveClasses::archived)
                    .map(name -> name.substring(0, name.length() - ".class".length())).toList();
        }
    }

    private static boolean archived(String entry) {
        return entry.endsWith(".class") && !entry.startsWith(JENKINS_STEPS) && !entry.endsWith("module-info.class")
                && ARCHIVED.stream().anyMatch(entry::startsWith);
    }
}
