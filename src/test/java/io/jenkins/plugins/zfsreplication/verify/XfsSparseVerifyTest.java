package io.jenkins.plugins.zfsreplication.verify;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The sparse contract on xfs, on a loop device created and removed around this class. */
class XfsSparseVerifyTest extends AbstractSparseVerifyTest {
    @RegisterExtension
    static final LoopFilesystem XFS = new LoopFilesystem("xfs", 320L << 20);

    @Override
    Path baseDirectory() {
        return XFS.root();
    }

    @Override
    boolean reportsHoles() {
        return true;
    }
}
