package io.jenkins.plugins.zfsreplication.steps.audit;

import hudson.model.Run;
import io.jenkins.plugins.zfsreplication.audit.AuditRecord;
import io.jenkins.plugins.zfsreplication.audit.ChainBuild;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import jenkins.util.VirtualFile;

/**
 * A kept build as the chain check reads it: through its artifact manager, wherever that keeps the
 * artifacts (the build's directory, or an external store), never through the build directory.
 */
final class RunArtifacts implements ChainBuild {
    private final long number;
    private final VirtualFile archive;

    RunArtifacts(Run<?, ?> run) {
        this.number = run.getNumber();
        this.archive = run.getArtifactManager().root();
    }

    @Override
    public long number() {
        return number;
    }

    @Override
    public boolean recorded() throws IOException {
        return archive.child(AuditRecord.FILE_NAME).isFile();
    }

    @Override
    public InputStream open(String path) throws IOException {
        VirtualFile file = archive.child(path);
        if (!file.isFile()) {
            throw new FileNotFoundException("build #" + number + ": " + path);
        }
        return file.open();
    }

    @Override
    public String where() {
        return "build #" + number;
    }
}
