package io.jenkins.plugins.zfsreplication.audit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 of files and bytes as lowercase hex, as {@code sha256sum} prints it. */
public final class Sha256 {
    private static final HexFormat HEX = HexFormat.of();

    private Sha256() {
    }

    public static String of(byte[] bytes) {
        return HEX.formatHex(digest().digest(bytes));
    }

    /** The hash of a regular file; a symlink is refused, so a record cannot be pointed elsewhere. */
    public static String of(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(file + " is not a regular file");
        }
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            return Hashed.read(in, false).sha256();
        }
    }

    /** The hash of a stream, read to its end (the caller closes it). */
    public static String of(InputStream in) throws IOException {
        return Hashed.read(in, false).sha256();
    }

    static String checkHex(String hex, String what) {
        if (hex == null || !hex.matches("[0-9a-f]{64}")) {
            throw new AuditException("%s is '%s', not 64 lowercase hex digits", what, hex);
        }
        return hex;
    }

    static String hex(byte[] digest) {
        return HEX.formatHex(digest);
    }

    static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
