package io.jenkins.plugins.zfsreplication.verify;

import java.nio.file.Path;

/**
 * An earlier verified snapshot of the same file system and the manifest that verify wrote of it:
 * what an incremental verify builds on.
 */
public record Since(String snapshot, Path manifest) {
    public Since {
        if (snapshot == null || snapshot.isBlank() || manifest == null) {
            throw new VerifyException("An incremental verify needs the earlier snapshot and its manifest");
        }
    }
}
