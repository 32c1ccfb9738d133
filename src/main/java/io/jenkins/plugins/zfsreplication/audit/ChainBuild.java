package io.jenkins.plugins.zfsreplication.audit;

import java.io.IOException;
import java.io.InputStream;

/**
 * One build as the chain check reads it: a downloaded build directory ({@link BuildDirectory}), or
 * a kept Jenkins build read through its artifact manager.
 */
public interface ChainBuild {
    /** The build's number, from where it is kept (not from its audit.json). */
    long number();

    /** Whether it holds an audit.json; a build without one ran no zfs step and is skipped. */
    boolean recorded() throws IOException;

    /**
     * An artifact's bytes, audit.json among them ({@code path} is checked by the caller). Fails with
     * {@link java.nio.file.NoSuchFileException} or {@link java.io.FileNotFoundException} when it is
     * missing, with {@link AuditException} (its message names the artifact) when it is there but not
     * a regular file of this build.
     */
    InputStream open(String path) throws IOException;

    /** The build as messages name it. */
    String where();
}
