package io.jenkins.plugins.zfsreplication.verify;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The sparse contract on ext4 (the build machine's own file system, via the temporary directory). */
class Ext4SparseVerifyTest extends AbstractSparseVerifyTest {
    @TempDir
    Path temporary;

    @Override
    Path baseDirectory() {
        return temporary;
    }

    @Override
    boolean reportsHoles() {
        return true;
    }
}
