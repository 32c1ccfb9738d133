package io.jenkins.plugins.zfsreplication.audit;

import java.io.IOException;
import java.io.InputStream;

/**
 * Where a build's archived artifacts are read from: a directory (the command line), or Jenkins'
 * artifact manager on the controller. Paths are checked artifact paths ({@code /}-separated, relative).
 */
@FunctionalInterface
public interface ArtifactSource {
    /** The artifact's bytes; fails (e.g. {@link java.nio.file.NoSuchFileException}) when it is missing. */
    InputStream open(String path) throws IOException;
}
