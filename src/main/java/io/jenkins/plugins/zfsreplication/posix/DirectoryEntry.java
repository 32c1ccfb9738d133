package io.jenkins.plugins.zfsreplication.posix;

/**
 * A name in a directory (its bytes as {@link io.jenkins.plugins.zfsreplication.text.FileNames}
 * reads them) and what readdir (or, where it cannot tell, fstatat without following) says it is.
 */
public record DirectoryEntry(String name, Type type) {
    /** The kinds a tree walk tells apart. */
    public enum Type { FILE, DIRECTORY, SYMLINK, OTHER }
}
