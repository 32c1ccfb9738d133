package io.jenkins.plugins.zfsreplication.zfs;

import org.opentest4j.TestAbortedException;

/**
 * Whether a missing test bed (root, zfs-fuse, network namespaces, loop devices, sshd, a tool, the
 * OpenZFS guest) skips a test or fails it. {@code bin/test}, which the project's CI runs
 * ({@code .ci/run}), marks the machine a project test machine ({@code ZFSR_TEST_MACHINE=1}): it
 * runs as root, installs the tools and starts zfs-fuse, so there a missing bed is a broken machine
 * and the test fails; a skip would hide that nothing was tested. Anywhere else (a developer's
 * {@code mvn}, the Jenkins project's hosted build of the plugin, whose container agents have
 * neither root nor zfs) the test is skipped with the reason. {@code CI=true} alone marks nothing:
 * hosted builds set it too.
 */
public final class TestMachine {
    private TestMachine() {
    }

    /** True on a project test machine: every local test bed must be there. */
    public static boolean required() {
        return "1".equals(System.getenv("ZFSR_TEST_MACHINE"));
    }

    /**
     * True where the OpenZFS guest must be there: a project test machine, unless bin/test was told
     * to run without it ({@code ZFSR_GUEST=off}) outside the project's CI.
     */
    public static boolean guestRequired() {
        return required() && (!"off".equals(System.getenv("ZFSR_GUEST")) || "true".equals(System.getenv("CI")));
    }

    /** What a test that cannot run for {@code reason} throws: a failure on a test machine, else a skip. */
    public static RuntimeException missing(String reason) {
        return missing(reason, required());
    }

    /** The same, failing where {@code required}. */
    public static RuntimeException missing(String reason, boolean required) {
        return required ? new IllegalStateException(reason + " (required on a project test machine: "
                + "ZFSR_TEST_MACHINE=1, which bin/test sets)") : new TestAbortedException(reason);
    }

    /** Skips (or on a test machine fails) a test that needs root for {@code what}. */
    public static void requireRoot(String what) {
        if (!"root".equals(System.getProperty("user.name"))) {
            throw missing(what + " needs root");
        }
    }
}
