package io.jenkins.plugins.zfsreplication.audit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * One downloaded build: a directory named by the build's number holding its artifacts, either
 * directly or in {@code archive/} (as Jenkins keeps them in {@code builds/NUMBER/archive}, and as
 * the build page's "all files in zip" unpacks). The number comes from the directory's name, not
 * from the record inside, so builds swapped between directories are found.
 *
 * @param number    the build number the directory is named by
 * @param directory the directory as given
 * @param root      where the artifacts and audit.json are; null when the build has no audit.json (a
 *                  build that ran no zfs step: skipped, its absence from the chain shows in the links)
 */
public record BuildDirectory(long number, Path directory, Path root) implements ChainBuild {

    /** Reads the layout of {@code directory}; a wrong layout is bad input ({@link AuditException}). */
    public static BuildDirectory of(Path directory) {
        Path name = directory.toAbsolutePath().normalize().getFileName();
        if (name == null || !name.toString().matches("[1-9][0-9]{0,17}")) {
            throw new AuditException("%s: the directory is not named by a build number (one directory per build, "
                    + "named by its number, e.g. 41/ with the build's artifacts or its archive/ inside)", directory);
        }
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            throw new AuditException("%s is not a directory", directory);
        }
        Path archive = directory.resolve("archive");
        Path root = Files.isRegularFile(archive.resolve(AuditRecord.FILE_NAME), LinkOption.NOFOLLOW_LINKS) ? archive : directory;
        boolean recorded = Files.isRegularFile(root.resolve(AuditRecord.FILE_NAME), LinkOption.NOFOLLOW_LINKS);
        return new BuildDirectory(Long.parseLong(name.toString()), directory, recorded ? root : null);
    }

    @Override
    public boolean recorded() {
        return root != null;
    }

    /** An artifact under {@link #root()}, never through a symlink or out of the directory. */
    @Override
    public InputStream open(String path) throws IOException {
        Path realRoot = root.toRealPath();
        Path file = ArtifactPaths.resolve(realRoot, path);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new NoSuchFileException(file.toString());
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || !file.toRealPath().startsWith(realRoot)) {
            throw new AuditException("artifact %s is not a regular file inside the build's directory", path);
        }
        return Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS);
    }

    @Override
    public String where() {
        return directory.toString();
    }
}
