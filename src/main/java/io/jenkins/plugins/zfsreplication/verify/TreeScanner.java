package io.jenkins.plugins.zfsreplication.verify;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Lists a directory tree's regular files in a deterministic order (relative paths with '/',
 * sorted as strings), without following symlinks. Symlinks and special files are reported, not
 * hashed; an unreadable directory is an error, since silently skipping it would hide data.
 */
final class TreeScanner {
    private final List<String> files = new ArrayList<>();
    private final List<VerifyResult.Skipped> skipped = new ArrayList<>();

    private TreeScanner() {
    }

    static TreeScanner scan(Path root) {
        TreeScanner scanner = new TreeScanner();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    String relative = relative(root, file);
                    if (attributes.isRegularFile()) {
                        scanner.files.add(relative);
                    } else {
                        scanner.skipped.add(new VerifyResult.Skipped(relative,
                                attributes.isSymbolicLink() ? "symlink (not followed)" : "special file (not hashed)"));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    throw new VerifyException(e, "Cannot read %s while listing %s: %s. Fix its permissions or verify"
                            + " a narrower path.", file, root, e.getMessage());
                }
            });
        } catch (IOException e) {
            throw new VerifyException(e, "Cannot list %s: %s", root, e.getMessage());
        }
        Collections.sort(scanner.files);
        scanner.skipped.sort((a, b) -> a.path().compareTo(b.path()));
        return scanner;
    }

    private static String relative(Path root, Path file) {
        StringBuilder out = new StringBuilder();
        for (Path part : root.relativize(file)) {
            if (out.length() > 0) {
                out.append('/');
            }
            out.append(part);
        }
        return out.toString();
    }

    List<String> files() {
        return files;
    }

    List<VerifyResult.Skipped> skipped() {
        return skipped;
    }
}
