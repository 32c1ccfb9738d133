package io.jenkins.plugins.zfsreplication.zfs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.opentest4j.TestAbortedException;

/**
 * Gives a test fresh zfs-fuse pools on sparse files ({@link TestPools}) and destroys them after
 * the test, also when it fails. Register with {@code @ExtendWith(ZfsTestBed.class)} and take a
 * {@code TestPools} parameter.
 *
 * <p>Needs root and a running zfs daemon. Where they are missing the test is skipped with the
 * reason, except under CI (environment {@code CI=true}), where a skipped ZFS test would hide that
 * nothing was tested: there it fails. Every test that got pools is recorded in
 * {@code target/zfs-integration-tests.log}, which the test command counts.
 */
public final class ZfsTestBed implements BeforeEachCallback, AfterEachCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ZfsTestBed.class);
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    @Override
    public void beforeEach(ExtensionContext context) {
        String problem = unavailableReason();
        if (problem != null) {
            String message = "ZFS integration test needs root and a running zfs-fuse (run bin/test): " + problem;
            if ("true".equals(System.getenv("CI"))) {
                throw new IllegalStateException(message);
            }
            throw new TestAbortedException(message);
        }
        Path directory = createDirectory(context);
        context.getStore(NAMESPACE).put(TestPools.class, new TestPools(new ProcessCommandRunner(), directory,
                "zrt" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 24, 36)));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        TestPools pools = context.getStore(NAMESPACE).remove(TestPools.class, TestPools.class);
        if (pools == null) {
            return;
        }
        try {
            if (!pools.names().isEmpty()) {
                record(context, pools);
            }
        } finally {
            if (context.getExecutionException().isPresent()) {
                endProcesses();
            }
            pools.destroyAll();
        }
    }

    /**
     * A failed test (a timeout too: its thread may still be stuck) can leave processes behind that
     * hold its pools busy; they are this JVM's children, as tests run one at a time. SIGTERM first so
     * that metering shells reap their commands, then SIGKILL for what is left.
     */
    private static void endProcesses() {
        List<ProcessHandle> left = ProcessHandle.current().descendants().toList();
        left.forEach(ProcessHandle::destroy);
        for (ProcessHandle process : left) {
            try {
                process.onExit().get(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                process.destroyForcibly();
            }
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext extension) {
        return parameter.getParameter().getType() == TestPools.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext extension) {
        return extension.getStore(NAMESPACE).get(TestPools.class, TestPools.class);
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

    private static Path createDirectory(ExtensionContext context) {
        try {
            return Files.createTempDirectory("zfs-testbed-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void record(ExtensionContext context, TestPools pools) {
        String outcome = context.getExecutionException().isPresent() ? "FAILED" : "PASSED";
        String line = String.format("%s %s#%s pools=%s%n", outcome, context.getRequiredTestClass().getSimpleName(),
                context.getDisplayName(), String.join(",", pools.names()));
        Path log = Paths.get(System.getProperty("zfsr.build.dir", "target"), "zfs-integration-tests.log");
        try {
            Files.createDirectories(log.getParent());
            Files.writeString(log, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
