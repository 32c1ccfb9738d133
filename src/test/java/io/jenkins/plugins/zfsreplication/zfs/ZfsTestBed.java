package io.jenkins.plugins.zfsreplication.zfs;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Gives a test fresh zfs-fuse pools on sparse files ({@link TestPools}) and destroys them after
 * the test, also when it fails. Register with {@code @ExtendWith(ZfsTestBed.class)} and take a
 * {@code TestPools} parameter; {@link ZfsTest} runs a test on zfs-fuse and on OpenZFS.
 *
 * <p>Needs root and a running zfs daemon. Where they are missing the test is skipped with the
 * reason, except on a project test machine ({@link TestMachine}: bin/test), where it fails. Every test that got pools
 * is recorded in {@code target/zfs-integration-tests.log}, which the test command counts.
 */
public final class ZfsTestBed extends PoolTestBed {
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    @Override
    String problem(ExtensionContext context) {
        return unavailableReason();
    }

    @Override
    String requirement() {
        return "root and a running zfs-fuse (run bin/test)";
    }

    @Override
    TestPools newPools(ExtensionContext context, String prefix) {
        return new TestPools(new ProcessCommandRunner(), temporaryDirectory(), prefix);
    }

    @Override
    String logName() {
        return "zfs-integration-tests.log";
    }

    @Override
    ZfsBackend backend() {
        return ZfsBackend.ZFS_FUSE;
    }

    /**
     * Why the ZFS tests cannot run here, or null. {@code ZFSR_SKIP_ZFS_TESTS=1} turns them off on
     * purpose: zfs-fuse wedges when several test JVMs use it at once, so only one build at a time
     * may run them.
     */
    public static String unavailableReason() {
        if ("1".equals(System.getenv("ZFSR_SKIP_ZFS_TESTS"))) {
            return "ZFSR_SKIP_ZFS_TESTS=1";
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            return "not running as root";
        }
        try {
            CommandResult result = new ProcessCommandRunner().run(List.of("zpool", "list", "-H"), TIMEOUT);
            return result.succeeded() ? null : "zpool list failed: " + result.stderr().strip();
        } catch (ZfsException e) {
            return e.getMessage();
        }
    }
}
