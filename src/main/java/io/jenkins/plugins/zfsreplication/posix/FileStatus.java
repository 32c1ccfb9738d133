package io.jenkins.plugins.zfsreplication.posix;

/**
 * What fstat says about an open file: its type, size, modification time, number of links (names)
 * and inode number (on ZFS the file's object number). Two statuses of the same file taken before
 * and after reading it differ when it was written meanwhile.
 */
public record FileStatus(int mode, long size, long modifiedSeconds, int modifiedNanos, long links, long inode) {
    private static final int S_IFMT = 0170000;
    private static final int S_IFREG = 0100000;
    private static final int S_IFBLK = 0060000;

    public boolean isRegularFile() {
        return (mode & S_IFMT) == S_IFREG;
    }

    public boolean isDirectory() {
        return (mode & S_IFMT) == 0040000;
    }

    public boolean isSymbolicLink() {
        return (mode & S_IFMT) == 0120000;
    }

    public boolean isBlockDevice() {
        return (mode & S_IFMT) == S_IFBLK;
    }

    /** A word for the file's type, for messages. */
    public String kind() {
        switch ((mode & S_IFMT) >> 12) {
            case 001: return "FIFO";
            case 002: return "character device";
            case 004: return "directory";
            case 006: return "block device";
            case 010: return "regular file";
            case 012: return "symbolic link";
            case 014: return "socket";
            default: return "file of mode " + Integer.toOctalString(mode);
        }
    }

    /** True when size and modification time are the same: the file was not written in between. */
    public boolean sameContentAs(FileStatus other) {
        return size == other.size && modifiedSeconds == other.modifiedSeconds && modifiedNanos == other.modifiedNanos;
    }
}
