package io.jenkins.plugins.zfsreplication.zfs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
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

/**
 * What both pool test beds do around a test: fresh pools before it, logged and destroyed after it
 * (also when it fails), skipped with the reason where the backend is missing, except on a project
 * test machine ({@link TestMachine}), where a skipped ZFS test would hide that nothing was tested:
 * there it fails.
 * Every test that got pools is a line in {@code target/<backend log>}, which bin/test counts.
 */
abstract class PoolTestBed implements BeforeEachCallback, AfterEachCallback, ParameterResolver {
    private static final String STARTED = "started";

    /** Why this backend cannot run tests here, or null. */
    abstract String problem(ExtensionContext context);

    /** What the skip message says the backend needs. */
    abstract String requirement();

    /** True where a missing backend fails the test instead of skipping it ({@link TestMachine}). */
    boolean required() {
        return TestMachine.required();
    }

    /** Fresh pools named {@code prefix...} for one test. */
    abstract TestPools newPools(ExtensionContext context, String prefix);

    /** The log file below the build directory. */
    abstract String logName();

    abstract ZfsBackend backend();

    private ExtensionContext.Namespace namespace() {
        return ExtensionContext.Namespace.create(getClass());
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        String problem = problem(context);
        if (problem != null) {
            throw TestMachine.missing("ZFS integration test on " + backend().label() + " needs " + requirement() + ": "
                    + problem, required());
        }
        ExtensionContext.Store store = context.getStore(namespace());
        store.put(STARTED, System.nanoTime());
        store.put(TestPools.class, newPools(context,
                "zrt" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 24, 36)));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        ExtensionContext.Store store = context.getStore(namespace());
        TestPools pools = store.remove(TestPools.class, TestPools.class);
        if (pools == null) {
            return;
        }
        try {
            if (!pools.names().isEmpty()) {
                record(context, pools, (System.nanoTime() - store.get(STARTED, Long.class)) / 1_000_000);
            }
        } finally {
            if (context.getExecutionException().isPresent()) {
                // only this test's (TestProcesses): a zfs-fuse test's processes never talk to the
                // guest; a guest test's name its pools (zfs commands, ssh)
                endProcesses(backend() == ZfsBackend.ZFS_FUSE ? TestProcesses.descendants().toList()
                        : ProcessHandle.current().descendants().filter(process -> pools.names().stream()
                        .anyMatch(TestProcesses.cmdline(process.pid())::contains)).toList());
            }
            pools.destroyAll();
        }
    }

    /**
     * A failed test (a timeout too: its thread may still be stuck) can leave processes behind that
     * hold its pools busy; they are this JVM's children. SIGTERM first so that metering shells reap
     * their commands, then SIGKILL for what is left.
     */
    private static void endProcesses(List<ProcessHandle> left) {
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
        return extension.getStore(namespace()).get(TestPools.class, TestPools.class);
    }

    /** A temporary directory on this host. */
    static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("zfs-testbed-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The build directory (target/), where the logs go and what the guest sees of it. */
    static Path buildDirectory() {
        return Paths.get(System.getProperty("zfsr.build.dir", "target")).toAbsolutePath().normalize();
    }

    private void record(ExtensionContext context, TestPools pools, long millis) {
        String outcome = context.getExecutionException().isPresent() ? "FAILED" : "PASSED";
        String line = String.format("%s %s#%s [%s] pools=%s ms=%d%n", outcome, context.getRequiredTestClass().getSimpleName(),
                context.getRequiredTestMethod().getName(), backend().label(), String.join(",", pools.names()), millis);
        Path log = buildDirectory().resolve(logName());
        try {
            Files.createDirectories(log.getParent());
            Files.writeString(log, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
