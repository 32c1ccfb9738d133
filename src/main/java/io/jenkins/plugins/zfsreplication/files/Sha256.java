package io.jenkins.plugins.zfsreplication.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestOutputStream;
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
            return of(in);
        }
    }

    /** The hash of a stream, read to its end (the caller closes it). */
    public static String of(InputStream in) throws IOException {
        MessageDigest digest = digest();
        in.transferTo(new DigestOutputStream(OutputStream.nullOutputStream(), digest));
        return hex(digest.digest());
    }

    public static String hex(byte[] digest) {
        return HEX.formatHex(digest);
    }

    public static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
