package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.DirectoryEntry;
import io.jenkins.plugins.zfsreplication.posix.NativeDirectory;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Walks a directory tree and yields its regular files one at a time in the documented order
 * (relative paths with '/', sorted as strings), while the files already yielded are hashed.
 * Sorting each directory by name, a directory's name taken with its trailing '/', gives that order
 * depth first: every path below a directory sorts exactly where the directory's name plus '/'
 * does among its siblings. Only the directories on the current path are held in memory, not the
 * whole tree.
 *
 * <p>Entries are typed from readdir (no stat per file). Directories are opened one component at a
 * time relative to their parent and never followed if they are symbolic links; symbolic links and
 * special files are reported, not hashed. An unreadable directory is an error, since silently
 * skipping it would hide data.
 */
final class TreeWalk implements AutoCloseable {
    private static final Comparator<DirectoryEntry> ORDER = Comparator.comparing(TreeWalk::sortKey);

    private final NativeDirectory root;
    private final Deque<Level> levels = new ArrayDeque<>();
    /** The first of the entries skipped (as many as the report lists), and how many there were. */
    private final List<VerifyResult.Skipped> skipped = new ArrayList<>();
    private long skippedCount;

    /** One directory being walked: its entries in order and how far the walk got. */
    private static final class Level {
        final NativeDirectory directory;
        final String prefix;
        final List<DirectoryEntry> entries;
        int index;

        Level(NativeDirectory directory, String prefix, List<DirectoryEntry> entries) {
            this.directory = directory;
            this.prefix = prefix;
            this.entries = entries;
        }
    }

    TreeWalk(NativeDirectory root) {
        this.root = root;
        enter(root, "");
    }

    private static String sortKey(DirectoryEntry entry) {
        return entry.type() == DirectoryEntry.Type.DIRECTORY ? entry.name() + "/" : entry.name();
    }

    private void enter(NativeDirectory directory, String prefix) {
        try {
            List<DirectoryEntry> entries = directory.entries();
            entries.sort(ORDER);
            levels.push(new Level(directory, prefix, entries));
        } catch (PosixException e) {
            if (directory != root) {
                directory.close();
            }
            throw listingFailed(e);
        }
    }

    private VerifyException listingFailed(PosixException e) {
        return new VerifyException(e, "%s while listing %s. Fix its permissions or verify a narrower path.",
                e.getMessage(), root.path());
    }

    /** The next regular file's relative path, or null when the walk is done. */
    String next() {
        while (!levels.isEmpty()) {
            Level level = levels.peek();
            if (level.index == level.entries.size()) {
                levels.pop();
                if (level.directory != root) {
                    level.directory.close();
                }
                continue;
            }
            DirectoryEntry entry = level.entries.get(level.index++);
            String path = level.prefix + entry.name();
            switch (entry.type()) {
                case FILE:
                    return path;
                case DIRECTORY:
                    NativeDirectory child;
                    try {
                        child = level.directory.directory(entry.name());
                    } catch (PosixException e) {
                        throw listingFailed(e);
                    }
                    enter(child, path + "/");
                    break;
                case SYMLINK:
                    skip(path, "symlink (not followed)");
                    break;
                case OTHER:
                    skip(path, "special file (not hashed)");
                    break;
            }
        }
        return null;
    }

    private void skip(String path, String reason) {
        if (skippedCount++ < FileStatsCollector.LISTED) {
            skipped.add(new VerifyResult.Skipped(path, reason));
        }
    }

    /** The first symbolic links and special files met so far, in the same order as the files. */
    List<VerifyResult.Skipped> skipped() {
        return skipped;
    }

    /** How many symbolic links and special files were met so far. */
    long skippedCount() {
        return skippedCount;
    }

    @Override
    public void close() {
        while (!levels.isEmpty()) {
            Level level = levels.pop();
            if (level.directory != root) {
                level.directory.close();
            }
        }
    }
}
