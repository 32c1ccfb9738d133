package io.jenkins.plugins.zfsreplication.posix;

import io.jenkins.plugins.zfsreplication.text.FileNames;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Names and paths as the system calls take them, NUL-terminated bytes. Names inside a tree are
 * the bytes their directory listed ({@link FileNames}), whatever the locale; a {@link Path} is
 * encoded the way java.nio encodes it, so the file opened is the one java.nio looked at.
 */
final class NativeName {
    /** What java.nio encodes paths with (the locale's charset, fixed when the JVM starts). */
    private static final Charset PATH_CHARSET = pathCharset();

    private NativeName() {
    }

    private static Charset pathCharset() {
        String name = System.getProperty("sun.jnu.encoding");
        try {
            return name == null ? Charset.defaultCharset() : Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return Charset.defaultCharset();
        }
    }

    /** The empty path, for the file descriptor itself (AT_EMPTY_PATH); a new array each time, as arrays are mutable. */
    static byte[] empty() {
        return new byte[] {0};
    }

    /** {@code name}, one component as {@link FileNames#decode} made it, NUL-terminated. */
    static byte[] of(String name) {
        byte[] bytes = FileNames.encode(name);
        return Arrays.copyOf(bytes, bytes.length + 1);
    }

    /** {@code path} NUL-terminated, as java.nio would pass it to the system. */
    static byte[] of(Path path) {
        byte[] bytes = path.toString().getBytes(PATH_CHARSET);
        return Arrays.copyOf(bytes, bytes.length + 1);
    }

    /** The longest name a directory entry holds (d_name of struct dirent64), its NUL included. */
    private static final int NAME_MAX_TERMINATED = 256;

    /** The NUL-terminated name at {@code address} (a dirent's d_name). */
    static String read(Libc libc, long address) {
        int length = libc.terminator(address, NAME_MAX_TERMINATED);
        if (length < 0) {
            throw new PosixException("A directory entry's name is not terminated within %d bytes", NAME_MAX_TERMINATED);
        }
        byte[] bytes = new byte[length];
        libc.read(address, bytes, 0, length);
        return FileNames.decode(bytes, 0, length);
    }

    /**
     * The path of {@code name} in the directory shown as {@code directory}, for messages only:
     * a string, not a {@link Path}, which cannot hold a name the locale's charset cannot encode.
     */
    static String child(String directory, String name) {
        return directory.endsWith("/") ? directory + name : directory + "/" + name;
    }
}
