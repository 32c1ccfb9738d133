package io.jenkins.plugins.zfsreplication.verify;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The sparse contract on zfs-fuse, which reports every file as all data: holes are found by the
 * zero check there, and the manifests are the same as elsewhere.
 */
class ZfsFuseSparseVerifyTest extends AbstractSparseVerifyTest {
    @RegisterExtension
    static final ZfsFusePool POOL = new ZfsFusePool();

    @Override
    Path baseDirectory() {
        return POOL.mountPoint();
    }

    @Override
    boolean reportsHoles() {
        return false;
    }
}
