package io.jenkins.plugins.zfsreplication.verify;

import java.io.IOException;
import java.nio.file.Path;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;

/** {@link AtomicFile} for verify's artifacts: owner-only, a failure reported as a {@link VerifyException}. */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    public static void write(Path target, String content) {
        if (target.toAbsolutePath().getParent() == null) {
            throw new VerifyException("Cannot write %s: it names no file", target);
        }
        try {
            AtomicFile.write(target, content, AtomicFile.PRIVATE);
        } catch (IOException e) {
            throw new VerifyException(e, "Cannot write %s: %s. Check that its directory exists and is writable.",
                    target, e.getMessage());
        }
    }
}
