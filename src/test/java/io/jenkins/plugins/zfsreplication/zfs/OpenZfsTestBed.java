package io.jenkins.plugins.zfsreplication.zfs;

import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;

/**
 * Gives a test fresh pools on OpenZFS 2.x in the QEMU guest of {@code bin/openzfs-guest}: image
 * files below the guest's pool directory, created and destroyed over ssh by the engine's own
 * {@link SshCommandRunner}. Register with {@code @ExtendWith(OpenZfsTestBed.class)} and take a
 * {@link TestPools} parameter (its paths are the guest's), and an {@link OpenZfsGuest} parameter
 * to run anything else there, the project's CLI included. {@link ZfsTest} runs a test here and on
 * zfs-fuse.
 *
 * <p>Skipped with the reason when no guest is configured (the environment bin/test sets), except
 * under CI, where it fails. Tests are recorded in {@code target/openzfs-integration-tests.log}.
 */
public final class OpenZfsTestBed extends PoolTestBed {
    private static final Duration PROBE = Duration.ofSeconds(30);

    @Override
    String problem(ExtensionContext context) {
        OpenZfsGuest guest;
        try {
            guest = guest(context);
        } catch (RuntimeException e) {
            return e.getMessage();
        }
        if (guest == null) {
            return "ZFSR_GUEST_SSH_CONFIG is not set";
        }
        return context.getRoot().getStore(ExtensionContext.Namespace.create(OpenZfsTestBed.class))
                .getOrComputeIfAbsent("problem", key -> probe(guest), Problem.class).text();
    }

    /** The guest's answer to {@code zfs version}, asked once per test run. */
    private record Problem(String text) {
    }

    private static Problem probe(OpenZfsGuest guest) {
        try {
            CommandResult version = guest.runner().run(List.of("zfs", "version"), PROBE);
            return new Problem(version.succeeded() ? null
                    : "zfs version failed in the guest: " + (version.stderr() + version.stdout()).strip());
        } catch (ZfsException e) {
            return new Problem(e.getMessage());
        }
    }

    /** bin/test on a project test machine starts the guest, unless told not to outside the project's CI. */
    @Override
    boolean required() {
        return TestMachine.guestRequired();
    }

    @Override
    String requirement() {
        return "the OpenZFS guest (bin/test starts it; or export the lines of bin/openzfs-guest env)";
    }

    @Override
    TestPools newPools(ExtensionContext context, String prefix) {
        OpenZfsGuest guest = guest(context);
        return new TestPools(ZfsBackend.OPENZFS, guest.runner(), (path, data) -> guest.write(path.toString(), data),
                Paths.get(guest.poolDirectory(), prefix), prefix);
    }

    @Override
    String logName() {
        return "openzfs-integration-tests.log";
    }

    @Override
    ZfsBackend backend() {
        return ZfsBackend.OPENZFS;
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext extension) {
        return super.supportsParameter(parameter, extension) || parameter.getParameter().getType() == OpenZfsGuest.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext extension) {
        if (parameter.getParameter().getType() == OpenZfsGuest.class) {
            return guest(extension);
        }
        return super.resolveParameter(parameter, extension);
    }

    /** One guest per test run (it holds the CLI's classpath in the guest, computed once). */
    private static OpenZfsGuest guest(ExtensionContext context) {
        return context.getRoot().getStore(ExtensionContext.Namespace.create(OpenZfsGuest.class))
                .getOrComputeIfAbsent("guest", key -> new Holder(OpenZfsGuest.fromEnvironment(System.getenv())),
                        Holder.class).guest();
    }

    private record Holder(OpenZfsGuest guest) {
    }
}
