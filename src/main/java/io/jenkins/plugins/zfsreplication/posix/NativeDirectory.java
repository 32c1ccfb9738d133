package io.jenkins.plugins.zfsreplication.posix;

import jnr.constants.platform.Errno;
import java.util.ArrayList;
import java.util.List;
import jnr.constants.platform.OpenFlags;

/**
 * An open directory, for opening what is in it by name (openat): a tree is walked down from its
 * root one component at a time, none of them followed if it is a symbolic link, so a directory
 * swapped for a link after the tree was listed cannot lead a verification outside the tree.
 */
public final class NativeDirectory implements AutoCloseable {
    private static final int FLAGS = OpenFlags.O_RDONLY.intValue() | OpenFlags.O_CLOEXEC.intValue()
            | OpenFlags.O_NOFOLLOW.intValue() | OpenFlags.O_DIRECTORY.intValue() | OpenFlags.O_NONBLOCK.intValue();
    private static final int ELOOP = Errno.ELOOP.intValue();
    private static final int ENOTDIR = Errno.ENOTDIR.intValue();

    private final Posix posix;
    /** For messages only (see {@link NativeName#child}). */
    private final String path;
    private final int fd;
    private boolean closed;

    private NativeDirectory(Posix posix, String path, int fd) {
        this.posix = posix;
        this.path = path;
        this.fd = fd;
    }

    static NativeDirectory open(Posix posix, int directory, byte[] name, String shown) {
        int fd = posix.libc().openat(directory, name, FLAGS);
        if (fd < 0) {
            int errno = posix.errno();
            if (errno == ELOOP || errno == ENOTDIR) {
                String kind;
                try {
                    kind = Posix.status(posix, directory, name, AT_SYMLINK_NOFOLLOW, shown).kind();
                } catch (PosixException gone) {
                    kind = "gone";
                }
                throw new PosixException("%s is no longer a directory (now: %s): not followed", shown, kind);
            }
            throw new PosixException("Cannot open the directory %s: %s", shown, Posix.describe(errno));
        }
        return new NativeDirectory(posix, shown, fd);
    }

    /**
     * The directory's path, for messages only: a string, since a {@link java.nio.file.Path} cannot
     * hold every name (see {@code NativeName.child}); show it through TerminalText.
     */
    public String path() {
        return path;
    }

    /** Opens the directory {@code name} (one component, as {@link #entries()} gives it) inside this one. */
    public NativeDirectory directory(String name) {
        return open(posix, fd, NativeName.of(name), NativeName.child(path, name));
    }

    /** Opens the regular file or block device {@code name} (one component, as {@link #entries()} gives it) here. */
    public NativeFile file(String name) {
        return NativeFile.open(posix, fd, NativeName.of(name), path, name);
    }

    private static final int DT_UNKNOWN = 0;
    private static final int DT_DIR = 4;
    private static final int DT_REG = 8;
    private static final int DT_LNK = 10;
    private static final int AT_SYMLINK_NOFOLLOW = 0x100;
    /** struct dirent64: d_ino, d_off (8 bytes each), d_reclen (2), d_type (1), then d_name; the same on every 64-bit Linux. */
    private static final int D_TYPE = 18;
    private static final int D_NAME = 19;

    /**
     * Everything in this directory but "." and "..", in readdir order, typed from readdir's d_type
     * (no stat per entry); only where the file system does not fill d_type is the entry stat'ed,
     * without following it. Names are read by {@link io.jenkins.plugins.zfsreplication.text.FileNames}:
     * UTF-8 whatever the locale, every other byte kept.
     */
    public List<DirectoryEntry> entries() {
        int copy = posix.libc().openat(fd, NativeName.of("."), FLAGS);
        if (copy < 0) {
            throw new PosixException("Cannot list %s: %s", path, Posix.describe(posix.errno()));
        }
        long stream = posix.libc().fdopendir(copy);
        if (stream == 0) {
            posix.libc().close(copy);
            throw new PosixException("Cannot list %s: %s", path, Posix.describe(posix.errno()));
        }
        try {
            List<DirectoryEntry> entries = new ArrayList<>();
            while (true) {
                posix.libc().setErrno(0);
                long entry = posix.libc().readdir64(stream);
                if (entry == 0) {
                    int errno = posix.errno();
                    if (errno != 0) {
                        throw new PosixException("Listing %s failed: %s", path, Posix.describe(errno));
                    }
                    return entries;
                }
                String name = NativeName.read(posix.libc(), entry + D_NAME);
                if (name.equals(".") || name.equals("..")) {
                    continue;
                }
                entries.add(new DirectoryEntry(name, type(posix.libc().byteAt(entry + D_TYPE) & 0xff, name)));
            }
        } finally {
            posix.libc().closedir(stream);
        }
    }

    private DirectoryEntry.Type type(int dType, String name) {
        switch (dType) {
            case DT_REG: return DirectoryEntry.Type.FILE;
            case DT_DIR: return DirectoryEntry.Type.DIRECTORY;
            case DT_LNK: return DirectoryEntry.Type.SYMLINK;
            case DT_UNKNOWN: break;
            default: return DirectoryEntry.Type.OTHER;
        }
        FileStatus status = Posix.status(posix, fd, NativeName.of(name), AT_SYMLINK_NOFOLLOW,
                NativeName.child(path, name));
        return status.isRegularFile() ? DirectoryEntry.Type.FILE : status.isDirectory() ? DirectoryEntry.Type.DIRECTORY
                : status.isSymbolicLink() ? DirectoryEntry.Type.SYMLINK : DirectoryEntry.Type.OTHER;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            posix.libc().close(fd);
        }
    }
}
