package io.jenkins.plugins.zfsreplication.zfs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The CLI's classpath inside the guest: jars on the guest's own disk. Read from the build
 * directories over the 9p share, every class the JVM looks up is a round trip: a verify of a small
 * directory took 30-32 s under emulation that way, 15-18 s from local jars. (A class-data sharing
 * archive for the jars, tried too, saved nothing measurable there: the start is the CLI's own
 * initialisation, interpreted.)
 *
 * <p>Made once per build output and guest: the jars are named by their content, the guest's copy
 * by the list of names, so a rebuilt class is a new copy and an unchanged build reuses the last
 * (the guest's root disk, and with it the copy, is discarded when the guest stops).
 */
final class GuestClasspath {
    /** The concurrent test classes prepare one at a time: the second finds the first's copy. */
    private static final Object PREPARING = new Object();
    private static final Duration COPY = Duration.ofMinutes(5);
    /**
     * $1 the guest directory, $2 where the guest sees the jars, then the jar names; each jar is
     * copied under a temporary name first, so a copy cut short is never taken for a jar.
     */
    private static final String INSTALL = "set -e; d=$1; src=$2; shift 2; mkdir -p \"$d\";"
            + " for j in \"$@\"; do [ -f \"$d/$j\" ] || { cp \"$src/$j\" \"$d/$j.part\"; mv \"$d/$j.part\" \"$d/$j\"; }; done";

    private GuestClasspath() {
    }

    /**
     * The guest's {@code -cp} for the CLI (and the test classes with {@code tests}), its jars copied
     * there first if they are not yet.
     */
    static String prepare(OpenZfsGuest guest, boolean tests) {
        synchronized (PREPARING) {
            try {
                Path lib = Files.createDirectories(guest.scratchDirectory().resolve("lib"));
                List<String> names = new ArrayList<>();
                for (Path entry : OpenZfsGuest.cliClasspath(tests)) {
                    names.add(Files.isDirectory(entry) ? jarOf(entry, lib) : copyOf(entry, lib));
                }
                byte[] list = String.join("\n", names).getBytes(StandardCharsets.UTF_8);
                String directory = "/var/tmp/zfsr-cli-" + sha256(list).substring(0, 16);
                List<String> install = new ArrayList<>(List.of("sh", "-c", INSTALL, "sh", directory,
                        guest.pathInGuest(lib)));
                install.addAll(names);
                guest.runner().run(install, COPY).orThrow();
                return String.join(":", names.stream().map(name -> directory + "/" + name).toList());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A jar already built: copied into {@code lib} under its content's hash (once). */
    private static String copyOf(Path jar, Path lib) throws IOException {
        String name = sha256(jar).substring(0, 12) + "-" + jar.getFileName();
        Path copy = lib.resolve(name);
        if (!Files.exists(copy)) {
            Path part = lib.resolve(name + ".part");
            Files.copy(jar, part, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.move(part, copy, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        return name;
    }

    /**
     * A class directory packed into a jar: entries sorted, times fixed, so the same classes make the
     * same bytes and the same name.
     */
    private static String jarOf(Path directory, Path lib) throws IOException {
        Path part = Files.createTempFile(lib, "classes", ".part");
        try (OutputStream out = Files.newOutputStream(part); JarOutputStream jar = new JarOutputStream(out);
             Stream<Path> walk = Files.walk(directory)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                JarEntry entry = new JarEntry(directory.relativize(file).toString().replace('\\', '/'));
                entry.setTime(0);
                jar.putNextEntry(entry);
                Files.copy(file, jar);
                jar.closeEntry();
            }
        }
        String name = "classes-" + sha256(part).substring(0, 12) + ".jar";
        Path target = lib.resolve(name);
        if (Files.exists(target)) {
            Files.delete(part);
        } else {
            Files.move(part, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        return name;
    }

    private static String sha256(Path file) throws IOException {
        MessageDigest digest = digest();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
