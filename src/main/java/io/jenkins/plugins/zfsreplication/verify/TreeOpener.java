package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.NativeDirectory;
import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Opens a listed tree's files from the tree's open root, one path component at a time, none
 * followed if it became a symbolic link since the listing. One per thread: it keeps the directory
 * of the last file open, so files listed in order cost one openat each.
 */
final class TreeOpener implements AutoCloseable {
    private final NativeDirectory root;
    private String parent = "";
    /** The open directory {@link #parent}, or null for the root itself. */
    private NativeDirectory directory;

    TreeOpener(NativeDirectory root) {
        this.root = root;
    }

    /** Opens the regular file {@code relative} ('/'-separated, as listed). */
    NativeFile open(String relative) {
        int slash = relative.lastIndexOf('/');
        String parentPath = slash < 0 ? "" : relative.substring(0, slash);
        if (!parentPath.equals(parent)) {
            closeDirectory();
            directory = walk(parentPath);
            parent = parentPath;
        }
        return (directory == null ? root : directory).file(relative.substring(slash + 1));
    }

    private NativeDirectory walk(String path) {
        if (path.isEmpty()) {
            return null;
        }
        NativeDirectory current = null;
        try {
            for (String component : path.split("/", -1)) {
                NativeDirectory next = (current == null ? root : current).directory(component);
                if (current != null) {
                    current.close();
                }
                current = next;
            }
            return current;
        } catch (RuntimeException e) {
            if (current != null) {
                current.close();
            }
            throw e;
        }
    }

    private void closeDirectory() {
        if (directory != null) {
            directory.close();
            directory = null;
        }
        parent = "";
    }

    @Override
    public void close() {
        closeDirectory();
    }

    /**
     * One opener per thread over the same root, all closed together: close it only after the
     * threads that use it have stopped (after the hashing session), since a directory closed under
     * a running thread could have its descriptor number reused by the next open.
     */
    static final class PerThread implements AutoCloseable {
        private final List<TreeOpener> all = new CopyOnWriteArrayList<>();
        private final ThreadLocal<TreeOpener> own;

        PerThread(NativeDirectory root) {
            own = ThreadLocal.withInitial(() -> {
                TreeOpener opener = new TreeOpener(root);
                all.add(opener);
                return opener;
            });
        }

        /** The calling thread's opener. */
        TreeOpener get() {
            return own.get();
        }

        @Override
        public void close() {
            all.forEach(TreeOpener::close);
        }
    }
}
